// Last build step: writes a brotli (.br) and a gzip (.gz) copy next to every text file of dist/
// that compression makes smaller; the gateway sends them to clients that accept them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && TEXT.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
  // Vite's manifest under .vite/ is for the build, never served.
  .filter(
    (file) =>
      !path
        .relative(dist, file)
        .split(path.sep)
        .some((part) => part.startsWith('.')),
  );

let written = 0;
for (const file of files) {
  const raw = await readFile(file);
  const copies = [
    [
      '.br',
      await toBrotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ],
    ['.gz', await toGzip(raw, { level: constants.Z_BEST_COMPRESSION })],
  ];
  for (const [suffix, data] of copies) {
    if (data.length >= raw.length) continue;
    await writeFile(file + suffix, data);
    written += 1;
  }
}
console.log(`compressed ${files.length} files into ${written} copies`);
