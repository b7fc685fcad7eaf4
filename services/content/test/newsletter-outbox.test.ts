import { SmtpInbox, waitFor } from '@probedge/kit/testing';
import request from 'supertest';
import { ConfirmationOutbox } from '../src/newsletter/confirmation-outbox';
import { PrismaService } from '../src/prisma/prisma.service';
import { BUNDLED_CONTENT_DIR, startTestApp, type TestContext } from './support';

describe('newsletter confirmation mails', () => {
  let ctx: TestContext;
  const inbox = new SmtpInbox();
  const http = () => request(ctx.app.getHttpServer());
  const signUp = (email: string, from: string) =>
    http().post('/api/newsletter').set('X-Client-Address', from).send({ email });
  const outboxEmpty = () =>
    waitFor(async () => (await ctx.app.get(ConfirmationOutbox).backlog()) === 0, 'outbox');

  beforeAll(async () => {
    await inbox.start();
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, {
      SMTP_URL: inbox.url,
      NEWSLETTER_RATE_LIMIT: '5',
      NEWSLETTER_MAILS_PER_ADDRESS: '3',
      NEWSLETTER_MAIL_WINDOW_SECONDS: '3600',
      NEWSLETTER_MAIL_GAP_SECONDS: '0',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await inbox.stop();
  });

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
    await ctx.app.get(PrismaService).newsletterSubscriber.update({
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
  let ctx: TestContext;
  const inbox = new SmtpInbox();

  beforeAll(async () => {
    await inbox.start();
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, {
      SMTP_URL: inbox.url,
      NEWSLETTER_MAILS_PER_ADDRESS: '3',
      NEWSLETTER_MAIL_GAP_SECONDS: '120',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await inbox.stop();
  });

  it('sends the second mail to an address only after the interval, answering alike', async () => {
    const http = () => request(ctx.app.getHttpServer());
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
    await waitFor(async () => (await ctx.app.get(ConfirmationOutbox).backlog()) === 0, 'outbox');
    expect(inbox.to('twice@example.com')).toHaveLength(1);
  });
});

describe('newsletter sign-up while Redis is away', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails.
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, { REDIS_URL: 'redis://127.0.0.1:1' });
  });

  afterAll(() => ctx?.close());

  it('answers 503 with what to do, never a 500', async () => {
    const res = await request(ctx.app.getHttpServer())
      .post('/api/newsletter')
      .send({ email: 'away@example.com' })
      .expect(503);
    expect(res.body.message).toBe(
      'The sign-up could not be taken right now; please try again shortly',
    );
  });
});
