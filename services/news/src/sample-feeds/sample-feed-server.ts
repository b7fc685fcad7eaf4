import { createHash } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isFeed } from '@probedge/proto';
import { sampleFeedDocument } from './sample-feeds.util';

export interface SampleFeedServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves the bundled sample feeds on loopback, with ETags so the conditional path is exercised too. */
export async function startSampleFeedServer(port: number): Promise<SampleFeedServer> {
  const server: Server = http.createServer((req, res) => {
    const feed = /^\/feeds\/([a-z]+)\.xml$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'GET' || !feed || !isFeed(feed)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = sampleFeedDocument(feed, new Date());
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
