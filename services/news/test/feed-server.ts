import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FeedServer {
  origin: string;
  url(path: string): string;
  /** Serve a path; later calls replace the handler. */
  route(path: string, handler: Handler): void;
  /** Requests seen per path, with their headers. */
  requests(path: string): IncomingMessage['headers'][];
  close(): Promise<void>;
}

/** A feed server on 127.0.0.1 with a free port. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Handler>();
  const seen = new Map<string, IncomingMessage['headers'][]>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.set(path, [...(seen.get(path) ?? []), req.headers]);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    route: (path, handler) => routes.set(path, handler),
    requests: (path) => seen.get(path) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function xml(body: string, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', ...headers });
    res.end(body);
  };
}

export interface SampleItem {
  guid?: string;
  title?: string;
  link: string;
  description?: string;
  pubDate?: string;
}

export function rss(items: SampleItem[]): string {
  const body = items
    .map(
      (item) =>
        `<item>${item.guid ? `<guid isPermaLink="false">${item.guid}</guid>` : ''}${
          item.title !== undefined ? `<title>${item.title}</title>` : ''
        }<link>${item.link}</link>${
          item.description ? `<description>${item.description}</description>` : ''
        }${item.pubDate ? `<pubDate>${item.pubDate}</pubDate>` : ''}</item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Sample feed</title>${body}</channel></rss>`;
}

export function atom(
  entries: { id: string; title: string; link: string; updated: string }[],
): string {
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Sample</title>${entries
    .map(
      (entry) =>
        `<entry><id>${entry.id}</id><title>${entry.title}</title><link href="${entry.link}"/><updated>${entry.updated}</updated><summary>Sample summary</summary></entry>`,
    )
    .join('')}</feed>`;
}

/** A feed whose first answer stalls halfway through its body until released; later answers are whole. */
export interface HeldFeed {
  handler: Handler;
  /** How many requests are stalled mid-body right now. */
  holding(): number;
  /** Ends the stalled answers (they are cut, as a dying worker's fetch would be) and answers whole from now on. */
  release(): void;
}

export function heldFeed(body: string): HeldFeed {
  const stalled = new Set<ServerResponse>();
  let released = false;
  return {
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      if (released) {
        res.end(body);
        return;
      }
      res.write(body.slice(0, Math.floor(body.length / 2)));
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
    },
    holding: () => stalled.size,
    release: () => {
      released = true;
      for (const res of stalled) res.destroy();
    },
  };
}
