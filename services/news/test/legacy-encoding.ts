import { decodeAs } from '../src/ingestion/charset-detect.util';

/**
 * Text written in a legacy charset, for feeds served the way old sites serve them. Node encodes only
 * UTF-8, so each charset's table is built by decoding every one- and two-byte sequence as the
 * fetcher decodes it, and reading it backwards.
 */
const tables = new Map<string, Map<string, Buffer>>();

function tableOf(charset: string): Map<string, Buffer> {
  const known = tables.get(charset);
  if (known) return known;
  const table = new Map<string, Buffer>();
  const decoder = new TextDecoder(charset, { fatal: true });
  const add = (bytes: Buffer) => {
    let char: string;
    try {
      // Windows-1252 as the fetcher reads it, whatever this Node's decoder makes of the label.
      char = charset === 'windows-1252' ? decodeAs(bytes, charset) : decoder.decode(bytes);
    } catch {
      return;
    }
    // The first (lowest) sequence for a character is its standard one.
    if (Array.from(char).length === 1 && !table.has(char)) table.set(char, bytes);
  };
  for (let byte = 0x80; byte <= 0xff; byte += 1) add(Buffer.from([byte]));
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) add(Buffer.from([lead, trail]));
  }
  tables.set(charset, table);
  return table;
}

/** `text` in `charset`; ASCII stays as it is. Throws on a character the charset cannot write. */
export function encodeLegacy(text: string, charset: string): Buffer {
  const table = tableOf(charset);
  return Buffer.concat(
    Array.from(text, (char) => {
      if (char.charCodeAt(0) < 0x80) return Buffer.from(char, 'latin1');
      const bytes = table.get(char);
      if (!bytes)
        throw new Error(`${charset} has no ${char} (U+${char.codePointAt(0)!.toString(16)})`);
      return bytes;
    }),
  );
}
