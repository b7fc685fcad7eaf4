// The node proxy floor: a bare reverse proxy in front of the news API on the gateway's upstream
// client (undici's Pool, keep-alive, driven through dispatch), reading each answer whole and
// writing it in one go, as the gateway does for small answers, with the headers the gateway adds to
// every answer (OWN_HEADERS, a JSON list of name, value pairs). No route table, rate limit, cache,
// logging or metrics: no proxy in Node passes these requests on with less CPU on this machine.
import http from 'node:http';
import { createRequire } from 'node:module';

// undici is the gateway's dependency; resolved from its package as the gateway resolves it.
const { Pool } = createRequire(new URL('../../../gateway/package.json', import.meta.url))('undici');

const upstreamPort = Number(process.env.UPSTREAM_PORT);
const pool = new Pool(`http://127.0.0.1:${upstreamPort}`, { connections: 256 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);
const ownHeaders = JSON.parse(process.env.OWN_HEADERS ?? '[]');

const server = http.createServer((req, res) => {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const chunks = [];
  let status = 502;
  let answerHeaders = {};
  pool.dispatch(
    { method: req.method, path: req.url, headers, body: null },
    {
      // undici takes a handler with onRequestStart for one of this kind (its dispatch API).
      onRequestStart() {},
      onResponseStart(_controller, statusCode, received) {
        status = statusCode;
        answerHeaders = Object.fromEntries(ownHeaders);
        for (const [name, value] of Object.entries(received)) {
          if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        }
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        const body = Buffer.concat(chunks);
        answerHeaders['content-length'] = body.length;
        res.writeHead(status, answerHeaders);
        res.end(body);
      },
      onResponseError() {
        res.statusCode = 502;
        res.end();
      },
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  void pool.destroy();
});
