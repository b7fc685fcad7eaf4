import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { offerValidUntil } from '@probedge/proto';

/** How the prerender writes an offer's end date into a page's JSON-LD (JSON.stringify, no spaces). */
const OFFER_DATE = /"priceValidUntil":"(\d{4}-\d{2}-\d{2})"/g;

/** The page with every offer end date that has passed replaced; null when each one still holds. */
export function refreshOfferDates(html: string, now: Date): string | null {
  let changed = false;
  const refreshed = html.replace(OFFER_DATE, (written, date: string) => {
    const current = offerValidUntil(date, now);
    if (current === date) return written;
    changed = true;
    return `"priceValidUntil":"${current}"`;
  });
  return changed ? refreshed : null;
}

export interface RefreshedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

interface Entry {
  mtimeMs: number;
  day: string;
  page: RefreshedPage | null;
}

/**
 * Prerendered pages whose offer end date has passed since the build (a default of the build year's
 * last day, read in a later year): each is read, corrected and compressed once per file and day;
 * every other page is served from the build as it is.
 */
export class OfferDates {
  private readonly pages = new Map<string, Entry>();

  async refreshed(file: string, now = new Date()): Promise<RefreshedPage | null> {
    const day = now.toISOString().slice(0, 10);
    try {
      const { mtimeMs } = await stat(file);
      const known = this.pages.get(file);
      if (known && known.mtimeMs === mtimeMs && known.day === day) return known.page;
      const html = refreshOfferDates(await readFile(file, 'utf8'), now);
      const page =
        html === null
          ? null
          : {
              html: Buffer.from(html),
              gzip: gzipSync(html),
              // A middle quality: the page is compressed at most once a day, on a request's time.
              br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
            };
      this.pages.set(file, { mtimeMs, day, page });
      return page;
    } catch {
      // Gone since it was found: the usual path answers 404.
      return null;
    }
  }
}
