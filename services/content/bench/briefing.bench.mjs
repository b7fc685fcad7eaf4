// make bench: the morning briefing to 10,000 subscribers through a local SMTP server, sent by the
// built content worker (dist/worker.js) with the rate cap lifted. Prints messages per second and
// the worker's resident memory as the batch goes (it should stay flat: no per-subscriber growth).
// Target: at least 200 messages/s.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuMs,
  freePort,
  residentBytes,
  startProcess,
  stopProcess,
} from '../../news/bench/processes.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const { Queue } = require('bullmq');
const { Client } = require('pg');
const { SMTPServer } = require('smtp-server');
const { createTestDatabase } = require('@probedge/kit/testing');

const SUBSCRIBERS = 10_000;
/** Pooled connections per run: the default, then more for a provider that allows them. */
const CONNECTION_COUNTS = [2, 8];
const TARGET_PER_SECOND = 200;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const mb = (bytes) => (bytes / (1024 * 1024)).toFixed(0);

/** An SMTP server that takes every message and only counts it (reading each body to the end). */
async function startSink() {
  const sink = { count: 0, first: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const now = performance.now();
        if (sink.count === 0) sink.first = now;
        sink.count += 1;
        sink.last = now;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { sink, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

function analysis(marketDate) {
  const paragraphs = Array.from(
    { length: 8 },
    (_, i) => `Paragraph ${i + 1}: breadth, **rates** and earnings moved the tape; $ACME led.`,
  );
  return {
    marketDate,
    analysis: `Daily Market Analysis\n\n${paragraphs.join('\n\n')}\n\n- one\n- two\n- three`,
    themes: ['rates', 'earnings', 'oil'],
    watch: ['CPI at 08:30', 'Fed speakers', 'Oil inventories'],
    writtenAt: new Date(`${marketDate}T13:30:00Z`).toISOString(),
  };
}

async function main() {
  const database = await createTestDatabase(
    'probedge_content',
    path.join(here, '..', 'prisma', 'migrations'),
  );
  const sql = new Client({ connectionString: database.url });
  await sql.connect();
  await sql.query(
    `INSERT INTO newsletter_subscribers (id, email, status, confirmed_at)
     SELECT gen_random_uuid(), 'reader' || g || '@example.com', 'confirmed', now() - interval '1 day'
     FROM generate_series(1, $1) AS g`,
    [SUBSCRIBERS],
  );
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const queue = new Queue('newsletter-briefing', { connection: { url: REDIS_URL }, prefix });
  const rows = [];
  // Market days to come, one per run, so each run is a fresh day for the same readers.
  const days = ['2031-03-03', '2031-03-04', '2031-03-05'];
  try {
    for (const [index, connections] of CONNECTION_COUNTS.entries()) {
      const smtp = await startSink();
      const port = await freePort();
      const worker = await startProcess({
        name: 'content-worker',
        cwd: path.join(here, '..'),
        script: 'dist/worker.js',
        env: {
          DATABASE_URL: database.url,
          REDIS_URL,
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          CONTENT_WORKER_PORT: String(port),
          BRIEFING_QUEUE_PREFIX: prefix,
          BRIEFING_SCHEDULE_ENABLED: 'false',
          BRIEFING_RATE_PER_SECOND: '0',
          BRIEFING_SMTP_CONNECTIONS: String(connections),
          LOG_LEVEL: 'info',
        },
        readyUrl: `http://127.0.0.1:${port}/readyz`,
      });
      const idle = residentBytes(worker.pid);
      const cpuBefore = cpuMs(worker.pid);
      const marketDate = days[index];
      const samples = [];
      const started = performance.now();
      await queue.add('morning-briefing', analysis(marketDate), {
        jobId: `briefing-${marketDate}`,
      });
      while (smtp.sink.count < SUBSCRIBERS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        samples.push({ sent: smtp.sink.count, rss: residentBytes(worker.pid) ?? 0 });
        if (performance.now() - started > 600_000) throw new Error('the batch took over 10 min');
      }
      const seconds = (smtp.sink.last - smtp.sink.first) / 1000;
      const cpu = cpuMs(worker.pid) - cpuBefore;
      const { rows: counts } = await sql.query(
        `SELECT status, count(*)::int AS n FROM newsletter_briefing_deliveries
         WHERE market_date = $1 GROUP BY 1`,
        [marketDate],
      );
      const at = (share) =>
        samples.find((sample) => sample.sent >= SUBSCRIBERS * share)?.rss ?? samples.at(-1).rss;
      rows.push({
        connections,
        perSecond: (SUBSCRIBERS - 1) / seconds,
        total: (performance.now() - started) / 1000,
        cpuPerMessage: cpu / SUBSCRIBERS,
        idle,
        peak: Math.max(...samples.map((sample) => sample.rss)),
        at20: at(0.2),
        at100: samples.at(-1).rss,
        counts: Object.fromEntries(counts.map((row) => [row.status, row.n])),
      });
      await stopProcess(worker);
      await smtp.close();
    }
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await sql.end();
    await database.drop();
  }

  console.log(`\nMorning briefing: ${SUBSCRIBERS} subscribers, rate cap lifted, local SMTP server`);
  console.log(
    'connections | msgs/s | whole job s | worker CPU ms/msg | RSS idle | at 20 % | at 100 % | peak | outbox',
  );
  for (const row of rows) {
    console.log(
      [
        String(row.connections).padStart(11),
        row.perSecond.toFixed(0).padStart(6),
        row.total.toFixed(1).padStart(11),
        row.cpuPerMessage.toFixed(2).padStart(17),
        `${mb(row.idle)} MB`.padStart(8),
        `${mb(row.at20)} MB`.padStart(7),
        `${mb(row.at100)} MB`.padStart(8),
        `${mb(row.peak)} MB`.padStart(4),
        JSON.stringify(row.counts),
      ].join(' | '),
    );
  }
  const best = rows.find((row) => row.connections === CONNECTION_COUNTS[0]);
  console.log(
    `target: >= ${TARGET_PER_SECOND} msgs/s with the default ${best.connections} connections: ${
      best.perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'
    }`,
  );
}

await main();
