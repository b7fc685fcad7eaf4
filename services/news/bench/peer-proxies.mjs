// The Node proxies the gateway is compared with, in front of the news API, each bare: no route
// table, rate limit, cache, access log or metrics. Each adds the gateway's security headers
// (OWN_HEADERS, a JSON list of name, value pairs), so every proxy writes the same answers. PEER
// picks one:
//   fastify: Fastify 5 with @fastify/http-proxy (undici's keep-alive pool underneath);
//   http-proxy-middleware: Express 5 with http-proxy-middleware on a keep-alive agent.
// Started by news.bench.mjs with PORT and UPSTREAM_PORT.
import http from 'node:http';

const port = Number(process.env.PORT);
const upstream = `http://127.0.0.1:${Number(process.env.UPSTREAM_PORT)}`;
const ownHeaders = new Map(JSON.parse(process.env.OWN_HEADERS ?? '[]'));

/** Fastify with @fastify/http-proxy: everything proxied, nothing logged. */
async function startFastify() {
  const { default: fastify } = await import('fastify');
  const { default: proxy } = await import('@fastify/http-proxy');
  const app = fastify({ logger: false });
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of ownHeaders) reply.header(name, value);
  });
  await app.register(proxy, { upstream, prefix: '/', http2: false });
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}

/** Express with http-proxy-middleware, as the gateway's blueprint named it, on kept-alive sockets. */
async function startHttpProxyMiddleware() {
  const { default: express } = await import('express');
  const { createProxyMiddleware } = await import('http-proxy-middleware');
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeaders(ownHeaders);
    next();
  });
  app.use(
    createProxyMiddleware({
      target: upstream,
      agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
    }),
  );
  const server = app.listen(port, '127.0.0.1');
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.once('listening', resolve));
  return () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections();
    });
}

const starters = { fastify: startFastify, 'http-proxy-middleware': startHttpProxyMiddleware };
const start = starters[process.env.PEER];
if (!start) throw new Error(`PEER must be one of ${Object.keys(starters).join(', ')}`);
const stop = await start();
process.once('SIGTERM', () => {
  void stop().then(() => process.exit(0));
});
