// make config-docs: writes the README's configuration table, .env.example and the per-program lists
// of docs/configuration.md from the programs' config schemas (deploy/local/config-reference.ts), and
// prints which files changed. The schemas are TypeScript: esbuild compiles them together with the
// generator from source, and the workspace packages they import (@probedge/kit, @probedge/proto)
// load from their builds, which `make config-docs` refreshes first.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const entry = path.join(here, 'config-reference.ts');

/** Each compiled file keeps its own __dirname, as under tsc (defaults that are paths use it). */
const ownDirname = {
  name: 'own-dirname',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        /\b__dirname\b/g,
        JSON.stringify(path.dirname(args.path)),
      ),
      loader: 'ts',
    }));
  },
};

const { outputFiles } = await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  packages: 'external',
  write: false,
  logLevel: 'error',
  plugins: [ownDirname],
});

const compiled = { exports: {} };
new Function('module', 'exports', 'require', outputFiles[0].text)(
  compiled,
  compiled.exports,
  createRequire(entry),
);

const read = (file) => readFileSync(path.join(root, file), 'utf8');
for (const [file, text] of Object.entries(compiled.exports.configDocs(read))) {
  if (read(file) === text) continue;
  writeFileSync(path.join(root, file), text);
  console.log(`config-docs: wrote ${file}`);
}
