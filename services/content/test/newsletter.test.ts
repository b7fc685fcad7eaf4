import { freePort, waitFor } from '@probedge/kit/testing';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { ConfirmationOutbox } from '../src/newsletter/confirmation-outbox';
import { PrismaService } from '../src/prisma/prisma.service';
import { BUNDLED_CONTENT_DIR, startTestApp, type TestContext } from './support';

interface Received {
  to: string[];
  body: string;
}

/** A local SMTP server (the real protocol, spoken to nodemailer) that keeps what it receives. */
async function startSmtp(port: number, inbox: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(resolve));

/** The confirmation link in a received message (quoted-printable soft breaks undone). */
function linkIn(message: Received): string {
  const body = message.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /http:\/\/localhost:8080(\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(
    body,
  );
  if (!match) throw new Error(`no confirmation link in:\n${body}`);
  return match[1];
}

describe('newsletter double opt-in', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  let smtpPort: number;
  const inbox: Received[] = [];
  const http = () => request(ctx.app.getHttpServer());
  const signUp = (email: unknown, from = '198.51.100.1') =>
    http().post('/api/newsletter').set('X-Client-Address', from).send({ email });
  const row = (email: string) =>
    ctx.app.get(PrismaService).newsletterSubscriber.findUnique({ where: { email } });
  /** Mail leaves after the answer: waits for `count` messages, then for the outbox to be empty. */
  const delivered = async (count: number) => {
    await waitFor(() => inbox.length >= count, `${count} messages`);
    await waitFor(async () => (await ctx.app.get(ConfirmationOutbox).backlog()) === 0, 'outbox');
    return inbox;
  };

  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = await startSmtp(smtpPort, inbox);
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NEWSLETTER_RATE_LIMIT: '3',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await stopSmtp(smtp);
  });

  beforeEach(() => {
    inbox.length = 0;
  });

  it('stores a pending sign-up and mails a confirmation link', async () => {
    const res = await signUp('Reader@Example.com').expect(202);
    expect(res.body).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    expect(await delivered(1)).toHaveLength(1);
    expect(inbox[0].to).toEqual(['reader@example.com']);
    expect(inbox[0].body).toContain('Confirm your ProbEdge Daily Insights subscription');
    expect((await row('reader@example.com'))?.status).toBe('pending');
  });

  it('answers a repeated sign-up exactly the same, with one row and a new link', async () => {
    const res = await signUp('reader@example.com', '198.51.100.2').expect(202);
    expect(res.body).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    expect(await delivered(1)).toHaveLength(1);
    expect(await ctx.app.get(PrismaService).newsletterSubscriber.count()).toBe(1);
  });

  it('confirms from the link, as a page for browsers, and again harmlessly', async () => {
    await signUp('confirm-me@example.com', '198.51.100.3').expect(202);
    await delivered(1);
    const link = linkIn(inbox[0]);
    const page = await http().get(link).set('Accept', 'text/html').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<h1>Subscription confirmed</h1>');
    expect((await row('confirm-me@example.com'))?.status).toBe('confirmed');
    const again = await http().get(link).expect(200);
    expect(again.body).toEqual({ message: 'Your subscription to Daily Insights is confirmed.' });
  });

  it('sends nothing to an address that already confirmed, and says the same', async () => {
    const res = await signUp('confirm-me@example.com', '198.51.100.4').expect(202);
    expect(res.body).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    expect(await delivered(0)).toHaveLength(0);
    expect((await row('confirm-me@example.com'))?.status).toBe('confirmed');
  });

  it('refuses malformed, unknown and expired tokens', async () => {
    const malformed = await http().get('/api/newsletter/confirm?token=abc').expect(400);
    expect(malformed.body.message).toContain('malformed');
    await http().get('/api/newsletter/confirm').expect(400);
    const unknown = `/api/newsletter/confirm?token=${'A'.repeat(43)}`;
    expect((await http().get(unknown).expect(404)).body.message).toContain(
      'unknown or has expired',
    );

    await signUp('late@example.com', '198.51.100.5').expect(202);
    await delivered(1);
    await ctx.app.get(PrismaService).newsletterSubscriber.update({
      where: { email: 'late@example.com' },
      data: { tokenExpiresAt: new Date(Date.now() - 1000) },
    });
    const page = await http().get(linkIn(inbox[0])).set('Accept', 'text/html').expect(404);
    expect(page.text).toContain('Confirmation failed');
    expect((await row('late@example.com'))?.status).toBe('pending');
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-address' }, 'email must be an e-mail address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
    [{ email: '"ann\r\nBcc: x@evil.example"@example.com' }, 'control characters'],
    [{ email: 'ann@example.com\r\nBcc: x@evil.example' }, 'control characters'],
    [
      { email: `${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` },
      'at most 254 bytes',
    ],
    [{ email: 'ann\u200b@example.com' }, 'invisible, format or control characters (found U+200B)'],
    [{ email: 'ann@exam\u2060ple.com' }, 'invisible, format or control characters (found U+2060)'],
    [{ email: 'an\u00adn@example.com' }, 'invisible, format or control characters (found U+00AD)'],
    [{ email: 'ok@example.com', admin: true }, 'admin'],
  ])('answers 400 naming the problem for %j', async (body, message) => {
    const res = await http()
      .post('/api/newsletter')
      .set('X-Client-Address', '198.51.100.6')
      .send(body)
      .expect(400);
    expect(res.body.message).toContain(message);
    expect(await delivered(0)).toHaveLength(0);
  });

  it('limits sign-ups per client with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1)
      await signUp(`burst${i}@example.com`, '203.0.113.50').expect(202);
    const res = await signUp('burst4@example.com', '203.0.113.50').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await row('burst4@example.com')).toBeNull();
    expect(await delivered(3)).toHaveLength(3);
  });

  it('answers 202 while the mail server is down and delivers once it is back', async () => {
    await stopSmtp(smtp);
    try {
      const res = await signUp('outage@example.com', '198.51.100.7').expect(202);
      expect(res.body).toEqual({ message: 'Check your inbox to confirm your subscription.' });
      await waitFor(async () => (await row('outage@example.com'))?.status === 'pending');
    } finally {
      smtp = await startSmtp(smtpPort, inbox);
    }
    // The first try failed; the queue's retry (after about 10 s) reaches the server.
    await waitFor(
      () => inbox.some((mail) => mail.to.includes('outage@example.com')),
      'the retried mail',
      25_000,
    );
    expect(inbox.filter((mail) => mail.to.includes('outage@example.com'))).toHaveLength(1);
  }, 40_000);
});

describe('newsletter texts under another brand', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  const inbox: Received[] = [];
  const http = () => request(ctx.app.getHttpServer());
  /** Headers and text of a received message, quoted-printable soft breaks undone. */
  const parts = (message: Received) => {
    const raw = message.body.replace(/\r\n[ \t]+/g, ' ');
    const split = raw.indexOf('\r\n\r\n');
    return {
      headers: raw.slice(0, split),
      text: raw
        .slice(split)
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    };
  };

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtp(port, inbox);
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      // No MAIL_FROM: the sender takes the brand's name.
      BRAND_NAME: 'Northwind Markets',
      SUPPORT_EMAIL: 'help@northwind.example',
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await stopSmtp(smtp);
  });

  it('names the configured brand and support address in the mail and on the page', async () => {
    await http()
      .post('/api/newsletter')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ email: 'brand@example.com' })
      .expect(202);
    await waitFor(() => inbox.length === 1, 'the confirmation mail');
    const { headers, text } = parts(inbox[0]);
    expect(headers).toContain(
      'Subject: Confirm your Northwind Markets Daily Insights subscription',
    );
    expect(text).toContain('receive Northwind Markets Daily Insights at this address');
    expect(text).toContain('Questions? Write to help@northwind.example.');
    expect(headers).toMatch(/^From: "?Northwind Markets"? <no-reply@probedge\.example>\r?$/m);
    expect(`${headers}${text}`).not.toContain('ProbEdge');

    for (const [link, status] of [
      [linkIn(inbox[0]), 200],
      [`/api/newsletter/confirm?token=${'B'.repeat(43)}`, 404],
      ['/api/newsletter/confirm?token=short', 400],
    ] as const) {
      const page = await http().get(link).set('Accept', 'text/html').expect(status);
      expect(page.text).toMatch(/<title>[^<]+ · Northwind Markets<\/title>/);
      expect(page.text).toContain('>Back to Northwind Markets</a>');
      expect(page.text).toContain('<a href="mailto:help@northwind.example">');
      expect(page.text).not.toContain('ProbEdge');
    }
  });
});
