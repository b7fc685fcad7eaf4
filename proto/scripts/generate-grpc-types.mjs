// TypeScript types of the gRPC contracts, from proto-loader-gen-types (shipped with @grpc/proto-loader).
// `make proto` writes them into proto/src/generated, which is committed and never edited by hand;
// src/grpc-types.spec.ts fails when they differ from what this script writes.
// Usage: node proto/scripts/generate-grpc-types.mjs [out-dir]
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROTO_FILES = ['news/v1/news.proto'];

// What the loader options of NEWS_GRPC.loader (src/news-grpc.ts) produce: camelCase field names,
// 64-bit integers as numbers, every field present (repeated ones as arrays). Change both together.
const FLAGS = [
  '--grpcLib=@grpc/grpc-js',
  '--longs=Number',
  '--defaults',
  '--arrays',
  '--includeComments',
];

const protoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(protoDir, 'src', 'generated'));

const require = createRequire(import.meta.url);
const manifestPath = require.resolve('@grpc/proto-loader/package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const generator = path.join(path.dirname(manifestPath), manifest.bin['proto-loader-gen-types']);

// The generator only adds files; a message or service removed from a .proto must leave too.
rmSync(outDir, { recursive: true, force: true });
// Run from the repository root: the generated comments name each .proto by its path from there.
execFileSync(process.execPath, [generator, ...FLAGS, '-I', 'proto', '-O', outDir, ...PROTO_FILES], {
  cwd: path.dirname(protoDir),
  stdio: 'inherit',
});
