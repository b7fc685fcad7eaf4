// Writes a new migration for a service from the difference between the committed schema and the
// working one (prisma migrate dev cannot run with the pg adapter). Usage: new-migration.mjs content add_x
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [service, name] = process.argv.slice(2);
if (!service || !/^[a-z_]+$/.test(name ?? '')) {
  console.error('usage: new-migration.mjs <service> <name in snake_case>');
  process.exit(2);
}
const serviceDir = path.join(root, 'services', service);
const schema = 'prisma/schema.prisma';
let from = ['--from-empty'];
try {
  const previous = execFileSync('git', ['show', `HEAD:services/${service}/${schema}`], {
    cwd: root,
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'schema-')), 'schema.prisma');
  writeFileSync(file, previous);
  from = ['--from-schema-datamodel', file];
} catch {
  // No committed schema yet: the first migration starts from an empty database.
}
const sql = execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/prisma/build/index.js'),
    'migrate',
    'diff',
    ...from,
    '--to-schema-datamodel',
    schema,
    '--script',
  ],
  // Prisma's diff opens a connection to the configured database even for two schema files.
  {
    cwd: serviceDir,
    env: { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres', ...process.env },
  },
).toString();
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(serviceDir, 'prisma', 'migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'migration.sql'), sql);
console.log(`wrote ${path.relative(root, dir)}/migration.sql`);
