import request from 'supertest';
import { PrismaService } from '../src/prisma/prisma.service';
import { useAppWithInbox } from './support';

const LEFT =
  'You are unsubscribed from Daily Insights; no more e-mails will be sent to this address.';
const BACK = 'Welcome back: you are subscribed to Daily Insights again.';

describe('newsletter unsubscribe (signed links, RFC 8058 one-click)', () => {
  // Many sign-ups from one test client; the limit has its own test.
  const mailing = useAppWithInbox({ NEWSLETTER_RATE_LIMIT: '100' });
  const { inbox } = mailing;
  const http = () => request(mailing.ctx.app.getHttpServer());
  const row = (email: string) =>
    mailing.ctx.app.get(PrismaService).newsletterSubscriber.findUniqueOrThrow({ where: { email } });

  /** Signs up and confirms `email`; returns the unsubscribe token the confirmation page links to. */
  async function confirmedSubscriber(email: string): Promise<string> {
    const before = inbox.to(email).length;
    await http().post('/api/newsletter').send({ email }).expect(202);
    const mails = await inbox.waitForTo(email, before + 1);
    const confirm = /\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(
      mails[mails.length - 1]!.text,
    )![0];
    const page = await http().get(confirm).set('Accept', 'text/html').expect(200);
    const link = /href="http:\/\/localhost:8080\/newsletter\/unsubscribed\?token=([^"]+)"/.exec(
      page.text,
    );
    if (!link) throw new Error(`no unsubscribe link on the confirmation page:\n${page.text}`);
    return decodeURIComponent(link[1]!);
  }

  const oneClick = (token: string) =>
    http()
      .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');

  it('unsubscribes at once from a mail client one-click POST, and again harmlessly', async () => {
    const token = await confirmedSubscriber('ann@example.com');
    expect((await row('ann@example.com')).status).toBe('confirmed');

    const first = await oneClick(token).expect(200);
    expect(first.body).toEqual({ message: LEFT });
    const left = await row('ann@example.com');
    expect(left.status).toBe('unsubscribed');
    expect(left.unsubscribedAt).toBeInstanceOf(Date);

    expect((await oneClick(token).expect(200)).body).toEqual({ message: LEFT });
    expect((await row('ann@example.com')).unsubscribedAt).toEqual(left.unsubscribedAt);
  });

  it('takes the token as JSON from the web page, and resubscribes with the same link', async () => {
    const token = await confirmedSubscriber('bob@example.com');
    await http().post('/api/newsletter/unsubscribe').send({ token }).expect(200);

    const back = await http().post('/api/newsletter/resubscribe').send({ token }).expect(200);
    expect(back.body).toEqual({ message: BACK });
    const again = await row('bob@example.com');
    expect(again.status).toBe('confirmed');
    expect(again.unsubscribedAt).toBeNull();
    await http().post('/api/newsletter/resubscribe').send({ token }).expect(200);
  });

  it('takes the one-click POST as multipart/form-data too, as RFC 8058 shows it', async () => {
    const token = await confirmedSubscriber('mia@example.com');
    const answer = await http()
      .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
      .field('List-Unsubscribe', 'One-Click')
      .expect(200);
    expect(answer.body).toEqual({ message: LEFT });
    expect((await row('mia@example.com')).status).toBe('unsubscribed');
  });

  it('starts a new double opt-in when someone who left signs up on the form again', async () => {
    const token = await confirmedSubscriber('carol@example.com');
    await oneClick(token).expect(200);
    const before = inbox.to('carol@example.com').length;

    await http().post('/api/newsletter').send({ email: 'carol@example.com' }).expect(202);
    await inbox.waitForTo('carol@example.com', before + 1);
    expect((await row('carol@example.com')).status).toBe('pending');
  });

  it('refuses missing and malformed tokens with 400, and forged ones with 404, changing nothing', async () => {
    const token = await confirmedSubscriber('dan@example.com');
    const [id, signature] = token.split('.') as [string, string];
    const forged = `${id}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherId = (await confirmedSubscriber('eve@example.com')).split('.')[0]!;

    const missing = await http().post('/api/newsletter/unsubscribe').send({}).expect(400);
    expect(missing.body.message).toBe(
      'This link is malformed; open the whole link from the e-mail.',
    );
    await http().post('/api/newsletter/unsubscribe').send({ token: 'nope' }).expect(400);
    await http()
      .post('/api/newsletter/unsubscribe')
      .send({ token: 'x'.repeat(5000) })
      .expect(400);
    const unknown = await oneClick(forged).expect(404);
    expect(unknown.body.message).toBe(
      'This link is unknown; sign up again on the home page if you want the e-mails.',
    );
    await oneClick(`${otherId}.${signature}`).expect(404);
    await http()
      .post('/api/newsletter/unsubscribe')
      .type('form')
      .send(`token=${encodeURIComponent(token)}&List-Unsubscribe=Maybe`)
      .expect(400);

    expect((await row('dan@example.com')).status).toBe('confirmed');
    expect((await row('eve@example.com')).status).toBe('confirmed');
  });

  it('signs every link with one key, made once and kept in the database', async () => {
    await confirmedSubscriber('fay@example.com');
    const keys = await mailing.ctx.app.get(PrismaService).newsletterSigningKey.findMany();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key).toHaveLength(32);
  });
});
