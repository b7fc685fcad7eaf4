import type { ExecutionContext, INestApplicationContext } from '@nestjs/common';
import { dateColumn, Metrics } from '@probedge/kit';
import { metricValue, SmtpInbox, waitFor, type ReceivedMail } from '@probedge/kit/testing';
import request from 'supertest';
import { PreviewAccessGuard } from '../src/briefing/preview-access.guard';
import { BriefingService } from '../src/briefing/briefing.service';
import { NewsletterService } from '../src/newsletter/newsletter.service';
import { PrismaService } from '../src/prisma/prisma.service';
import {
  analysisOf,
  BriefingProducer,
  briefingReaches,
  DAYS,
  queuePrefix,
  startTestWorker,
} from './briefing-support';
import { BUNDLED_CONTENT_DIR, startTestApp, type TestContext } from './support';

const ADMIN_TOKEN = 'preview-token-0123456789';

describe('the morning briefing (outbox, SMTP pool, retries, one-click unsubscribe)', () => {
  const inbox = new SmtpInbox();
  const prefix = queuePrefix();
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let producer: BriefingProducer;
  const http = () => request(ctx.app.getHttpServer());
  const prisma = () => ctx.app.get(PrismaService);
  const briefing = () => worker.get(BriefingService);

  beforeAll(async () => {
    await inbox.start();
    ctx = await startTestApp(BUNDLED_CONTENT_DIR, {
      SMTP_URL: inbox.url,
      NEWSLETTER_RATE_LIMIT: '1000',
      CONTENT_ADMIN_TOKEN: ADMIN_TOKEN,
    });
    ({ worker } = await startTestWorker({
      DATABASE_URL: ctx.database.url,
      SMTP_URL: inbox.url,
      BRIEFING_QUEUE_PREFIX: prefix,
      BRIEFING_MAX_ATTEMPTS: '3',
    }));
    producer = new BriefingProducer(prefix);
  });

  afterAll(async () => {
    await worker?.close();
    await producer?.close();
    await ctx?.close();
    await inbox.stop();
  });

  /** Signs `email` up through the API and follows the confirmation link in the mail. */
  async function subscribe(email: string, confirm = true): Promise<void> {
    await http().post('/api/newsletter').send({ email }).expect(202);
    const [mail] = await inbox.waitForTo(email, 1);
    if (!confirm) return;
    const link = /\/api\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail!.text)![0];
    await http().get(link).set('Accept', 'text/html').expect(200);
  }

  const briefingsTo = (email: string, marketDate?: string): ReceivedMail[] =>
    inbox
      .to(email)
      .filter((mail) => mail.subject.includes('Daily Insights:'))
      .filter((mail) => !marketDate || mail.rawHeaders['message-id']!.includes(`.${marketDate}.`));

  const delivery = (marketDate: string, email: string) =>
    prisma().briefingDelivery.findFirstOrThrow({
      where: { marketDate: dateColumn(marketDate), subscriber: { email } },
    });

  const subscriber = (email: string) =>
    prisma().newsletterSubscriber.findUniqueOrThrow({ where: { email } });

  it('mails every confirmed subscriber once: the analysis, what to watch, and a one-click unsubscribe', async () => {
    for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com']) {
      await subscribe(email);
    }
    await subscribe('pending@example.com', false);
    await subscribe('gone@example.com');
    const token = await unsubscribeToken('gone@example.com');
    await http().post('/api/newsletter/unsubscribe').send({ token }).expect(200);

    // A guide published today; the bundled ones are older than a week and are not news.
    await prisma().contentItem.create({
      data: {
        kind: 'guide',
        slug: 'reading-the-open',
        title: 'Reading the open',
        description: 'What the first half hour says about the day.',
        category: 'fundamentals',
        content: '# Reading the open',
        plainContent: 'Reading the open',
        createdAt: new Date(),
        checksum: 'test',
      },
    });

    await producer.announce(analysisOf(DAYS.mon));
    await briefingReaches(prisma(), DAYS.mon, 'sent');

    for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com']) {
      expect(briefingsTo(email)).toHaveLength(1);
    }
    expect(briefingsTo('pending@example.com')).toHaveLength(0);
    expect(briefingsTo('gone@example.com')).toHaveLength(0);

    const [mail] = briefingsTo('ann@example.com');
    expect(mail!.subject).toBe('ProbEdge Daily Insights: Monday, March 3, 2031');
    expect(mail!.html).toContain('<strong>Risk appetite</strong>');
    expect(mail!.html).toContain('<li>Breadth widened</li>');
    expect(mail!.html).toContain('What to watch');
    expect(mail!.html).toContain('<li>CPI at 08:30</li>');
    expect(mail!.html).toContain('New guides and blogs');
    expect(mail!.html).toContain(
      '<a href="http://localhost:8080/guide/reading-the-open" style="color:#0b69a3;">Reading the open</a>',
    );
    expect(mail!.html).not.toContain('/blog/');
    expect(mail!.text).toContain(
      '- Reading the open: http://localhost:8080/guide/reading-the-open',
    );
    expect(mail!.text).toContain('Risk appetite');
    expect(mail!.text).toContain('- Fed speakers in the afternoon');
    expect(mail!.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.rawHeaders['message-id']).toMatch(
      new RegExp(`^<briefing\\.${DAYS.mon}\\.[0-9a-f-]{36}@localhost>$`),
    );
    // The visible link and the header link carry the same signed token.
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.rawHeaders['list-unsubscribe']!)![1]!);
    expect(oneClick.pathname).toBe('/api/newsletter/unsubscribe');
    const pageToken = /newsletter\/unsubscribed\?token=([^"&\s]+)/.exec(mail!.html)![1];
    expect(decodeURIComponent(pageToken!)).toBe(oneClick.searchParams.get('token'));

    // A mail client's RFC 8058 one-click POST unsubscribes at once.
    await http()
      .post(`${oneClick.pathname}${oneClick.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect((await subscriber('ann@example.com')).status).toBe('unsubscribed');

    // The day is done: the same announcement again sends nothing.
    expect(await briefing().receive(analysisOf(DAYS.mon))).toEqual({
      state: 'finished',
      marketDate: DAYS.mon,
    });
    await producer.announce(analysisOf(DAYS.mon));
    expect(briefingsTo('ben@example.com')).toHaveLength(1);

    const metrics = await worker.get(Metrics).registry.metrics();
    expect(metricValue(metrics, 'newsletter_briefing_messages_total', { outcome: 'sent' })).toBe(3);
    expect(
      metricValue(metrics, 'newsletter_briefing_deliveries', {
        market_date: DAYS.mon,
        status: 'sent',
      }),
    ).toBe(3);
  });

  it('tries a 4xx again with backoff and delivers once; a 5xx marks the address undeliverable', async () => {
    await subscribe('slow@example.com');
    await subscribe('bounce@example.com');
    await subscribe('never@example.com');
    inbox.refuseNext('slow@example.com', { code: 451, message: 'Try again later' });
    inbox.refuseNext('bounce@example.com', { code: 550, message: 'No such user' });
    inbox.refuseNext(
      'never@example.com',
      ...Array.from({ length: 3 }, () => ({ code: 421, message: 'Busy' })),
    );

    await producer.announce(analysisOf(DAYS.tue));
    await briefingReaches(prisma(), DAYS.tue, 'sent');

    expect(briefingsTo('slow@example.com', DAYS.tue)).toHaveLength(1);
    // Monday's briefing listed the only new guide: no later one lists it again.
    expect(briefingsTo('slow@example.com', DAYS.tue)[0]!.html).not.toContain('New guides');
    expect(await delivery(DAYS.tue, 'slow@example.com')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
    expect(briefingsTo('bounce@example.com')).toHaveLength(0);
    expect(await delivery(DAYS.tue, 'bounce@example.com')).toMatchObject({
      status: 'undeliverable',
      attempts: 1,
    });
    expect((await delivery(DAYS.tue, 'bounce@example.com')).lastError).toContain('No such user');
    expect((await subscriber('bounce@example.com')).status).toBe('undeliverable');
    // BRIEFING_MAX_ATTEMPTS is 3 here: three temporary refusals and the message is given up.
    expect(await delivery(DAYS.tue, 'never@example.com')).toMatchObject({
      status: 'failed',
      attempts: 3,
    });
    expect((await subscriber('never@example.com')).status).toBe('confirmed');

    // The next day the refused address is left out; the others are mailed as usual.
    await producer.announce(analysisOf(DAYS.wed));
    await briefingReaches(prisma(), DAYS.wed, 'sent');
    expect(briefingsTo('bounce@example.com')).toHaveLength(0);
    expect(briefingsTo('never@example.com', DAYS.wed)).toHaveLength(1);
    expect(briefingsTo('slow@example.com', DAYS.wed)).toHaveLength(1);

    // Signing up again on the form starts a new double opt-in for the refused address.
    await http().post('/api/newsletter').send({ email: 'bounce@example.com' }).expect(202);
    await waitFor(async () => (await subscriber('bounce@example.com')).status === 'pending');
  });

  it('mails whoever confirms after the day started from the next day; whoever leaves is not mailed', async () => {
    await subscribe('early@example.com');
    await subscribe('leaver@example.com');
    // The day starts (its recipients are fixed) before its job sends anything.
    expect(await briefing().receive(analysisOf(DAYS.thu))).toEqual({
      state: 'send',
      marketDate: DAYS.thu,
    });
    await subscribe('late@example.com');
    const token = await unsubscribeToken('leaver@example.com');
    await http().post('/api/newsletter/unsubscribe').send({ token }).expect(200);

    await producer.announce(analysisOf(DAYS.thu));
    await briefingReaches(prisma(), DAYS.thu, 'sent');
    expect(briefingsTo('early@example.com', DAYS.thu)).toHaveLength(1);
    expect(briefingsTo('late@example.com', DAYS.thu)).toHaveLength(0);
    expect(briefingsTo('leaver@example.com', DAYS.thu)).toHaveLength(0);
    expect((await delivery(DAYS.thu, 'leaver@example.com')).status).toBe('cancelled');

    await producer.announce(analysisOf(DAYS.fri));
    await briefingReaches(prisma(), DAYS.fri, 'sent');
    expect(briefingsTo('late@example.com', DAYS.fri)).toHaveLength(1);
    expect(briefingsTo('leaver@example.com')).toHaveLength(0);
  });

  it('sends nothing for a day without an analysis by the cut-off, and says why', async () => {
    // 10:00 New York time on DAYS.nextMon: the cut-off job finds no analysis.
    const reason = await briefing().cutoff(new Date(`${DAYS.nextMon}T15:00:00Z`));
    expect(reason).toBe('no analysis was written by the 10:00 America/New_York cut-off');
    const late = analysisOf(DAYS.nextMon, { writtenAt: `${DAYS.nextMon}T15:20:00.000Z` });
    expect(await briefing().receive(late)).toMatchObject({ state: 'skipped' });
    const marked = await prisma().briefing.findUniqueOrThrow({
      where: { marketDate: dateColumn(DAYS.nextMon) },
    });
    expect(marked.reason).toBe(reason);
    // A second cut-off run changes nothing.
    expect(await briefing().cutoff(new Date(`${DAYS.nextMon}T15:00:00Z`))).toBeNull();

    // An analysis written after the cut-off of a day not yet marked is refused with its reason.
    const written = `${DAYS.nextTue}T15:01:00.000Z`;
    expect(await briefing().receive(analysisOf(DAYS.nextTue, { writtenAt: written }))).toEqual({
      state: 'skipped',
      marketDate: DAYS.nextTue,
      reason: `the analysis was written at ${written}, after the 10:00 America/New_York cut-off`,
    });
    // Weekends and days already over get none either.
    expect(await briefing().receive(analysisOf(DAYS.sat))).toMatchObject({
      state: 'skipped',
      reason: `${DAYS.sat} is not a market day`,
    });
    expect(await briefing().receive(analysisOf('2026-11-02'))).toMatchObject({
      state: 'skipped',
      reason: 'the market day 2026-11-02 is over; a late briefing is not sent',
    });
    // An analysis written before the cut-off that reaches the worker after it is still sent.
    expect(await briefing().cutoff(new Date(`${DAYS.nextWed}T15:00:00Z`))).not.toBeNull();
    expect(await briefing().receive(analysisOf(DAYS.nextWed))).toMatchObject({ state: 'send' });

    for (const day of [DAYS.nextMon, DAYS.nextTue, DAYS.sat]) {
      const row = await prisma().briefing.findUniqueOrThrow({
        where: { marketDate: dateColumn(day) },
      });
      expect(row.status).toBe('skipped');
      expect(
        await prisma().briefingDelivery.count({ where: { marketDate: dateColumn(day) } }),
      ).toBe(0);
    }
  });

  describe('GET /api/newsletter/preview', () => {
    const preview = (query = '') => http().get(`/api/newsletter/preview${query}`);

    it('renders a day as subscribers get it, for the admin token only', async () => {
      const page = await preview(`?date=${DAYS.mon}`).set('X-Admin-Token', ADMIN_TOKEN).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('<strong>Risk appetite</strong>');
      expect(page.text).toContain('Monday, March 3, 2031');

      await preview(`?date=${DAYS.mon}`).expect(401);
      await preview(`?date=${DAYS.mon}`).set('X-Admin-Token', 'wrong-token-0123456789').expect(403);
      const bad = await preview('?date=2031-02-30').set('X-Admin-Token', ADMIN_TOKEN).expect(400);
      expect(bad.body.message).toBe('date must be a calendar date written YYYY-MM-DD');
      await preview('?date=2031-01-06').set('X-Admin-Token', ADMIN_TOKEN).expect(404);
    });

    it('does not exist where no admin token is configured', async () => {
      const guard = new PreviewAccessGuard({ ...ctx.config, CONTENT_ADMIN_TOKEN: undefined });
      const request = {
        url: '/api/newsletter/preview?date=2031-01-06',
        headers: { 'x-admin-token': ADMIN_TOKEN },
      };
      const context = { switchToHttp: () => ({ getRequest: () => request }) } as ExecutionContext;
      expect(() => guard.canActivate(context)).toThrow(
        expect.objectContaining({ status: 404, message: 'Cannot GET /api/newsletter/preview' }),
      );
    });
  });

  /** The signed token of the unsubscribe link, as the confirmation page shows it. */
  async function unsubscribeToken(email: string): Promise<string> {
    const { id } = await subscriber(email);
    const links = await ctx.app.get(NewsletterService).unsubscribeLinks(id);
    return new URL(links.page).searchParams.get('token')!;
  }
});
