// Downloads the newest release of a registry package with a given major version, with the machine's
// own node of any version and no npm: node fetch-package.cjs <name> <major> <file.tgz>.
// The registry is npm_config_registry's, else the public one. Plain CommonJS for old Node releases.
'use strict';
const { createHash } = require('crypto');
const fs = require('fs');
const https = require('https');
const http = require('http');

const [name, major, file] = process.argv.slice(2);
const registry = (process.env.npm_config_registry || 'https://registry.npmjs.org').replace(
  /\/$/,
  '',
);

function get(url, headers, redirects) {
  return new Promise(function (resolve, reject) {
    const client = url.startsWith('https:') ? https : http;
    client
      .get(url, { headers: headers }, function (res) {
        if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
          res.resume();
          if (redirects > 5) return reject(new Error(url + ': too many redirects'));
          return resolve(
            get(new URL(res.headers.location, url).toString(), headers, redirects + 1),
          );
        }
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(url + ' answered ' + res.statusCode));
        }
        resolve(res);
      })
      .on('error', reject);
  });
}

function body(res) {
  return new Promise(function (resolve, reject) {
    const chunks = [];
    res.on('data', function (chunk) {
      chunks.push(chunk);
    });
    res.on('end', function () {
      resolve(Buffer.concat(chunks));
    });
    res.on('error', reject);
  });
}

function newer(a, b) {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

async function main() {
  const accept = { accept: 'application/vnd.npm.install-v1+json' };
  const meta = JSON.parse(
    (await body(await get(registry + '/' + encodeURIComponent(name), accept, 0))).toString(),
  );
  let best = null;
  for (const version of Object.keys(meta.versions)) {
    if (!/^\d+\.\d+\.\d+$/.test(version) || version.split('.')[0] !== major) continue;
    if (best === null || newer(version, best)) best = version;
  }
  if (best === null) throw new Error('no ' + name + '@' + major + '.x in ' + registry);
  const dist = meta.versions[best].dist;
  const data = await body(await get(dist.tarball, {}, 0));
  // The registry's own digest of the tarball (sha512, as npm checks it).
  const [algorithm, digest] = String(dist.integrity || '').split('-');
  if (algorithm !== 'sha512' || createHash('sha512').update(data).digest('base64') !== digest) {
    throw new Error(name + ' ' + best + ": the tarball does not match the registry's sha512");
  }
  fs.writeFileSync(file, data);
  process.stderr.write('node-bin: ' + name + ' ' + best + '\n');
}

main().catch(function (error) {
  process.stderr.write('node-bin: ' + error.message + '\n');
  process.exit(1);
});
