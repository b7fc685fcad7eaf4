// The node proxy floor: a bare node:http reverse proxy in front of the news API, on a keep-alive
// pool, reading each answer whole and writing it in one go, as the gateway does for small answers.
// No route table, rate limit, cache, logging or metrics: no proxy in Node passes these requests on
// with less CPU on this machine.
import http from 'node:http';

const upstreamPort = Number(process.env.UPSTREAM_PORT);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

const server = http.createServer((req, res) => {
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: upstreamPort,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        const body = Buffer.concat(chunks);
        headers['content-length'] = body.length;
        res.writeHead(answer.statusCode, headers);
        res.end(body);
      });
    },
  );
  upstream.on('error', () => {
    res.statusCode = 502;
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  agent.destroy();
});
