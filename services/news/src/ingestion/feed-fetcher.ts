import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createGunzip, createInflate, type Gunzip, type Inflate } from 'node:zlib';
import { isAddressAllowed } from './address-guard.util';
import { parseRetryAfter } from './backoff.util';
import { decodeAs, detectLegacyCharset } from './charset-detect.util';

export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';

export type FetchErrorCode =
  | 'bad-url'
  | 'blocked-address'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'http-status';

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface FetcherSettings {
  allowLoopback: boolean;
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  userAgent: string;
  /** DNS resolution; replaceable in tests to simulate names that point inside. */
  resolve?: (hostname: string) => Promise<string[]>;
}

export interface FetchRequest {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchResult =
  | { status: 'not-modified'; finalUrl: string }
  | {
      status: 'ok';
      finalUrl: string;
      body: string;
      etag: string | null;
      lastModified: string | null;
      /** True when nothing declared the encoding and it was told from the bytes (see readCharset). */
      charsetDetected: boolean;
    };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/** UTF-16 without a byte-order mark, told by how XML starts: `<`, then `?`, `!` or a letter. */
function utf16WithoutMark(body: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (body.length < 4) return undefined;
  const startsMarkup = (byte: number) =>
    byte === 0x3f ||
    byte === 0x21 ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a);
  if (body[0] === 0x3c && body[1] === 0 && startsMarkup(body[2]!) && body[3] === 0)
    return 'utf-16le';
  if (body[0] === 0 && body[1] === 0x3c && body[2] === 0 && startsMarkup(body[3]!))
    return 'utf-16be';
  return undefined;
}

/** A charset parameter, its value bare, double- or single-quoted (`charset='windows-1251'`). */
const CHARSET_PARAMETER = /charset\s*=\s*["']?([\w.:-]+)/i;
/** The encoding of an XML declaration, after any whitespace a careless generator writes first. */
const DECLARED_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/;

/**
 * The body's character encoding, as a careful reader finds it: a byte-order mark, or UTF-16's
 * pattern of zero bytes around `<?xml`, then the HTTP header, then the XML declaration; with none
 * of them, UTF-8 when the bytes are valid UTF-8, else the legacy charset whose language the text
 * reads as, Windows-1252 (a superset of ISO-8859-1 for text) unless another reads clearly better.
 * `detected` marks the two guesses a feed should not need: UTF-16 without a byte-order mark, and a
 * legacy charset nothing declared.
 */
export function readCharset(
  contentType: string | null,
  body: Buffer,
): { charset: string; detected: boolean } {
  const known = (charset: string) => ({ charset, detected: false });
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return known('utf-8');
  if (body[0] === 0xff && body[1] === 0xfe) return known('utf-16le');
  if (body[0] === 0xfe && body[1] === 0xff) return known('utf-16be');
  // The zero bytes are unmistakable, whatever a header or a declaration claims.
  const utf16 = utf16WithoutMark(body);
  if (utf16) return { charset: utf16, detected: true };
  const fromHeader = contentType?.match(CHARSET_PARAMETER)?.[1];
  if (fromHeader) return known(fromHeader);
  const fromDeclaration = body
    .toString('latin1', 0, Math.min(body.length, 256))
    .match(DECLARED_ENCODING)?.[1];
  // A declaration read as ASCII is not in UTF-16, whatever it says.
  if (fromDeclaration && !/^utf-?16/i.test(fromDeclaration)) return known(fromDeclaration);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return known('utf-8');
  } catch {
    return { charset: detectLegacyCharset(body), detected: true };
  }
}

export function charsetOf(contentType: string | null, body: Buffer): string {
  return readCharset(contentType, body).charset;
}

export function decodeBody(body: Buffer, contentType: string | null): string {
  return decodeAs(body, charsetOf(contentType, body));
}

/**
 * Fetches feeds over http(s) like a polite, careful client: conditional GET, a deadline, a body cap,
 * limited redirects, and no connection to an address outside the public internet.
 */
export class FeedFetcher {
  private readonly resolve: (hostname: string) => Promise<string[]>;

  constructor(private readonly settings: FetcherSettings) {
    this.resolve = settings.resolve ?? systemResolve;
  }

  async fetch(request: FetchRequest): Promise<FetchResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      let url = this.parseUrl(request.url);
      for (let redirects = 0; ; redirects += 1) {
        const response = await this.send(url, request, controller.signal);
        if (REDIRECTS.has(response.statusCode ?? 0)) {
          response.resume();
          const location = header(response, 'location');
          if (!location)
            throw new FetchError('network', `Redirect ${response.statusCode} without a Location`);
          if (redirects >= this.settings.maxRedirects) {
            throw new FetchError(
              'too-many-redirects',
              `More than ${this.settings.maxRedirects} redirects`,
            );
          }
          url = this.parseUrl(location, url);
          continue;
        }
        return await this.read(url, response, controller.signal);
      }
    } catch (error) {
      if (controller.signal.aborted && !(error instanceof FetchError && error.code !== 'network')) {
        throw new FetchError('timeout', `No complete answer within ${this.settings.timeoutMs} ms`);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private parseUrl(value: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      throw new FetchError('bad-url', `Not a URL: ${value}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchError('bad-url', `Only http and https are fetched, not ${url.protocol}`);
    }
    if (url.username || url.password)
      throw new FetchError('bad-url', 'URLs with credentials are refused');
    return url;
  }

  /** Resolves once and pins the connection to the checked address, so DNS cannot change in between. */
  private async safeAddress(url: URL): Promise<{ address: string; family: number }> {
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    if (isIP(hostname)) {
      addresses = [hostname];
    } else {
      try {
        addresses = await this.resolve(hostname);
      } catch (error) {
        throw new FetchError('dns', `Cannot resolve ${hostname}: ${(error as Error).message}`);
      }
    }
    if (addresses.length === 0) throw new FetchError('dns', `No address for ${hostname}`);
    const refused = addresses.find(
      (address) => !isAddressAllowed(address, this.settings.allowLoopback),
    );
    if (refused !== undefined) {
      throw new FetchError(
        'blocked-address',
        `Refused to connect to ${hostname} (${refused}): not a public address`,
      );
    }
    const address = addresses[0]!;
    return { address, family: isIP(address) };
  }

  private async send(
    url: URL,
    request: FetchRequest,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    const pinned = await this.safeAddress(url);
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const headers: Record<string, string> = {
      accept: FEED_ACCEPT,
      'accept-encoding': 'gzip, deflate',
      'user-agent': this.settings.userAgent,
    };
    // Validators go back exactly as the server wrote them; servers compare them byte for byte.
    if (request.etag) headers['if-none-match'] = request.etag;
    if (request.lastModified) headers['if-modified-since'] = request.lastModified;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = client.request(
        url,
        { method: 'GET', headers, lookup, signal, agent: false },
        resolve,
      );
      outgoing.on('error', (error) =>
        reject(error instanceof FetchError ? error : new FetchError('network', error.message)),
      );
      outgoing.end();
    });
  }

  private async read(
    url: URL,
    response: IncomingMessage,
    signal: AbortSignal,
  ): Promise<FetchResult> {
    const status = response.statusCode ?? 0;
    if (status === 304) {
      response.resume();
      return { status: 'not-modified', finalUrl: url.toString() };
    }
    if (status < 200 || status >= 300) {
      response.resume();
      const retryAfterSeconds =
        status === 429 || status === 503
          ? parseRetryAfter(header(response, 'retry-after') ?? undefined, new Date())
          : undefined;
      throw new FetchError('http-status', `HTTP ${status}`, { status, retryAfterSeconds });
    }
    const limit = this.settings.maxBodyBytes;
    const declared = Number(header(response, 'content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      response.destroy();
      throw new FetchError('too-large', `Body of ${declared} bytes exceeds the ${limit}-byte cap`);
    }
    const encoding = header(response, 'content-encoding')?.trim().toLowerCase();
    let stream: IncomingMessage | Gunzip | Inflate = response;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
    else if (encoding === 'deflate') stream = response.pipe(createInflate());
    const body = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const fail = (error: Error) => {
        response.destroy();
        reject(error);
      };
      // The cap counts decoded bytes, so a compressed bomb stops as early as a plain one.
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) fail(new FetchError('too-large', `Body exceeds the ${limit}-byte cap`));
        else chunks.push(chunk);
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', (error) =>
        fail(error instanceof FetchError ? error : new FetchError('network', error.message)),
      );
      response.on('error', (error) => fail(new FetchError('network', error.message)));
      signal.addEventListener(
        'abort',
        () => fail(new FetchError('timeout', 'Body did not arrive in time')),
        {
          once: true,
        },
      );
    });
    const { charset, detected } = readCharset(header(response, 'content-type'), body);
    return {
      status: 'ok',
      finalUrl: url.toString(),
      body: decodeAs(body, charset),
      etag: header(response, 'etag'),
      lastModified: header(response, 'last-modified'),
      charsetDetected: detected,
    };
  }
}
