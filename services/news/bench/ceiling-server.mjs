// The node ceiling: a bare node:http server replaying one captured response (status, headers,
// body bytes) to every request. Nothing a real service does (routing, validation, cache, logging)
// happens here, so no server in Node answers these bytes faster on this machine.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [responseFile] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(responseFile, 'utf8'));
const body = Buffer.from(captured.body, 'base64');
const headers = Object.entries(captured.headers);

const server = createServer((req, res) => {
  req.resume();
  res.statusCode = captured.status;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
