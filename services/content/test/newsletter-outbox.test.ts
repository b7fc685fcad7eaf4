import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  freePort,
  killProcess,
  createTestDatabase,
  startRedisServer,
  startTcpProxy,
  waitFor,
  type TcpProxy,
  type TestDatabase,
} from '@probedge/kit/testing';
import { Client } from 'pg';
import request from 'supertest';
import { ConfirmationOutbox } from '../src/newsletter/confirmation-outbox';
import { PrismaService } from '../src/prisma/prisma.service';
import { MIGRATIONS_DIR, useAppWithInbox } from './support';

describe('newsletter confirmation mails', () => {
  const mailing = useAppWithInbox({
    NEWSLETTER_RATE_LIMIT: '5',
    NEWSLETTER_MAILS_PER_ADDRESS: '3',
    NEWSLETTER_MAIL_WINDOW_SECONDS: '3600',
    NEWSLETTER_MAIL_GAP_SECONDS: '0',
  });
  const { inbox } = mailing;
  const http = () => request(mailing.ctx.app.getHttpServer());
  const signUp = (email: string, from: string) =>
    http().post('/api/newsletter').set('X-Client-Address', from).send({ email });
  const outboxEmpty = () =>
    waitFor(async () => (await mailing.ctx.app.get(ConfirmationOutbox).backlog()) === 0, 'outbox');

  it('mails one address at most the per-address limit, however many clients ask at once', async () => {
    const clients = ['198.51.100.21', '198.51.100.22', '198.51.100.23'];
    const answers = await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 5 }, () => signUp('target@example.com', client)),
      ),
    );
    // Each client stays within its own limit, and every answer says the same.
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe(answers[0]!.text);
    }
    await inbox.waitForTo('target@example.com', 3);
    await outboxEmpty();
    expect(inbox.to('target@example.com')).toHaveLength(3);

    // Another address still has its own share.
    await signUp('other@example.com', '198.51.100.24').expect(202);
    await inbox.waitForTo('other@example.com', 1);
  });

  it('answers while the mail server still holds the message, and delivers it afterwards', async () => {
    inbox.hold();
    try {
      const answer = signUp('slow@example.com', '198.51.100.31').then((res) => res);
      await inbox.waitForHeld(1);
      const res = await answer;
      expect(res.status).toBe(202);
      expect(inbox.to('slow@example.com')).toHaveLength(0);
    } finally {
      inbox.release();
    }
    await inbox.waitForTo('slow@example.com', 1);
  });

  it('answers a confirmed and an unknown address byte for byte alike', async () => {
    await signUp('known@example.com', '198.51.100.41').expect(202);
    await inbox.waitForTo('known@example.com', 1);
    await mailing.ctx.app.get(PrismaService).newsletterSubscriber.update({
      where: { email: 'known@example.com' },
      data: { status: 'confirmed', confirmedAt: new Date() },
    });
    const confirmed = await signUp('known@example.com', '198.51.100.42');
    const unknown = await signUp('stranger@example.com', '198.51.100.42');
    expect(confirmed.status).toBe(unknown.status);
    expect(confirmed.text).toBe(unknown.text);
    for (const header of ['content-type', 'content-length', 'cache-control']) {
      expect(confirmed.headers[header]).toBe(unknown.headers[header]);
    }
    await inbox.waitForTo('stranger@example.com', 1);
    await outboxEmpty();
    expect(inbox.to('known@example.com')).toHaveLength(1);
  });
});

describe('newsletter confirmation mails, one address in quick succession', () => {
  const mailing = useAppWithInbox({
    NEWSLETTER_MAILS_PER_ADDRESS: '3',
    NEWSLETTER_MAIL_GAP_SECONDS: '120',
  });
  const { inbox } = mailing;

  it('sends the second mail to an address only after the interval, answering alike', async () => {
    const http = () => request(mailing.ctx.app.getHttpServer());
    const first = await http()
      .post('/api/newsletter')
      .set('X-Client-Address', '198.51.100.51')
      .send({ email: 'twice@example.com' })
      .expect(202);
    const second = await http()
      .post('/api/newsletter')
      .set('X-Client-Address', '198.51.100.52')
      .send({ email: 'twice@example.com' })
      .expect(202);
    expect(second.text).toBe(first.text);
    await inbox.waitForTo('twice@example.com', 1);
    await waitFor(
      async () => (await mailing.ctx.app.get(ConfirmationOutbox).backlog()) === 0,
      'outbox',
    );
    expect(inbox.to('twice@example.com')).toHaveLength(1);
  });
});

describe('newsletter sign-up while Redis is away', () => {
  // Nothing listens on port 1: every Redis command fails.
  const mailing = useAppWithInbox({ REDIS_URL: 'redis://127.0.0.1:1' });
  const { inbox } = mailing;

  it('takes the sign-up and mails its link: a sign-up needs only the database', async () => {
    await request(mailing.ctx.app.getHttpServer())
      .post('/api/newsletter')
      .send({ email: 'away@example.com' })
      .expect(202);
    await inbox.waitForTo('away@example.com', 1);
  });
});

describe('newsletter confirmation mails through a crash and an empty Redis', () => {
  let redis: ChildProcess;
  let redisPort: number;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedisServer(redisPort);
  });

  const mailing = useAppWithInbox(() => ({
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    NEWSLETTER_RATE_LIMIT: '100',
  }));
  const { inbox } = mailing;

  afterAll(() => killProcess(redis));

  const signUp = (email: string) =>
    request(mailing.ctx.app.getHttpServer())
      .post('/api/newsletter')
      .set('X-Client-Address', '198.51.100.61')
      .send({ email });

  it('sends every answered sign-up after Redis restarts empty while the mail server is slow', async () => {
    const addresses = Array.from({ length: 8 }, (_, index) => `empty-redis-${index}@example.com`);
    inbox.hold();
    for (const address of addresses) await signUp(address).expect(202);
    await inbox.waitForHeld(4);

    await killProcess(redis);
    redis = await startRedisServer(redisPort);
    inbox.release();

    for (const address of addresses) await inbox.waitForTo(address, 1);
    await waitFor(
      async () => (await mailing.ctx.app.get(ConfirmationOutbox).backlog()) === 0,
      'outbox',
    );
    expect(addresses.map((address) => inbox.to(address).length)).toEqual(addresses.map(() => 1));
  });

  it('sends a mail whose sender died before sending it, from the sweep', async () => {
    // What a process killed between its answer and its mail leaves behind: a due row nobody holds.
    await mailing.ctx.app.get(PrismaService).newsletterConfirmation.create({
      data: {
        id: randomUUID(),
        email: 'orphan@example.com',
        nextAttemptAt: new Date(),
        createdAt: new Date(),
      },
    });
    await inbox.waitForTo('orphan@example.com', 1);
    await waitFor(
      async () => (await mailing.ctx.app.get(ConfirmationOutbox).backlog()) === 0,
      'outbox',
    );
  });
});

describe('newsletter sign-up whose answer is lost on the way back', () => {
  let database: TestDatabase;
  let proxied: URL;
  let proxy: TcpProxy;
  let direct: Client;

  beforeAll(async () => {
    database = await createTestDatabase('probedge_content', MIGRATIONS_DIR);
    proxied = new URL(database.url);
    proxy = await startTcpProxy({ host: proxied.hostname, port: Number(proxied.port || 5432) });
    direct = new Client({ connectionString: database.url });
    await direct.connect();
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
  });

  // Before the app's close drops the database, which would end this connection under it.
  afterAll(() => direct?.end());

  const mailing = useAppWithInbox(
    () => ({ DATABASE_URL: proxied.toString(), NEWSLETTER_MAIL_GAP_SECONDS: '120' }),
    () => database,
  );
  const { inbox } = mailing;
  const signUp = () =>
    request(mailing.ctx.app.getHttpServer())
      .post('/api/newsletter')
      .set('X-Client-Address', '198.51.100.71')
      .send({ email: 'lost-answer@example.com' });

  afterAll(() => proxy?.close());

  it('still mails a sign-up whose commit went through but whose answer was a 503', async () => {
    // The sign-up's transaction commits, and the COMMIT's acknowledgement is lost on the way back
    // with its connection: the client is refused, though the mail and the address's share are written.
    proxy.dropAnswerContaining('COMMIT\0');
    expect((await signUp()).status).toBe(503);
    const committed = await direct.query(
      'SELECT 1 FROM newsletter_confirmations WHERE email = $1',
      ['lost-answer@example.com'],
    );
    expect(committed.rowCount).toBe(1);

    // The sweep sends it; asking again is answered alike and sends nothing more.
    await inbox.waitForTo('lost-answer@example.com', 1);
    await signUp().expect(202);
    await waitFor(
      async () => (await mailing.ctx.app.get(ConfirmationOutbox).backlog()) === 0,
      'outbox',
    );
    expect(inbox.to('lost-answer@example.com')).toHaveLength(1);

    // The transaction's lost connection went back to the pool (which dropped it): none stays
    // checked out, so the pool never runs dry and closes at shutdown.
    const pool = mailing.ctx.app.get(PrismaService).pool;
    await waitFor(() => pool.totalCount === pool.idleCount, 'every connection back in the pool');
  });
});
