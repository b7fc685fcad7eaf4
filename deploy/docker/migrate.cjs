// One-off step of the compose `migrate` service and the k8s migration Job: applies every service's
// committed migrations to its own database, then synchronises content's guides, blogs and FAQ.
// Each database comes from <SERVICE>_DATABASE_URL (CONTENT_DATABASE_URL, NEWS_DATABASE_URL, ...).
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

const SERVICES = ['content', 'news', 'insights', 'billing', 'markets'];

// In the image this file sits at the root (/app); in the repository, two folders below it.
const root = existsSync(path.join(__dirname, 'services'))
  ? __dirname
  : path.resolve(__dirname, '..', '..');
const prisma = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');

function databaseUrl(service) {
  return process.env[`${service.toUpperCase()}_DATABASE_URL`];
}

function run(label, args, service) {
  process.stdout.write(`migrate: ${label}\n`);
  const result = spawnSync(process.execPath, args, {
    cwd: path.join(root, 'services', service),
    env: { ...process.env, DATABASE_URL: databaseUrl(service) },
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write(`migrate: ${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
}

const missing = SERVICES.filter((service) => !databaseUrl(service)).map(
  (service) => `${service.toUpperCase()}_DATABASE_URL`,
);
if (missing.length > 0) {
  process.stderr.write(`migrate: missing ${missing.join(', ')}\n`);
  process.exit(1);
}

for (const service of SERVICES) {
  run(`applying ${service} migrations`, [prisma, 'migrate', 'deploy'], service);
}
run('syncing guides, blogs and FAQ', ['dist/sync.js'], 'content');
process.stdout.write('migrate: done\n');
