import { createHash } from 'node:crypto';
import { SmtpInbox, type ReceivedMail } from '@probedge/kit/testing';
import request from 'supertest';
import { query } from './db';
import {
  buy,
  cookieFrom,
  checkoutCompletedPayload,
  deliverWebhook,
  parseSetCookie,
  startCheckout,
  useStripeBilling,
} from './support';

const MEMBER_COOKIE = 'probedge_member';
const SIGN_IN_COOKIE = 'probedge_sign_in';

/** The token of the sign-in link in a received mail. */
function tokenIn(mail: ReceivedMail): string {
  const match = /http:\/\/localhost:8080\/sign-in\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no sign-in link in:\n${mail.text}`);
  return match[1]!;
}

describe('members: sign-in by e-mail link', () => {
  const inbox = new SmtpInbox();
  beforeAll(() => inbox.start());
  afterAll(() => inbox.stop());
  const context = useStripeBilling('probedge_billing_members', () => ({
    SMTP_URL: inbox.url,
    SIGN_IN_ADDRESS_LIMIT: '5',
    BRAND_NAME: 'TradeSense',
  }));
  const server = () => context.billing.app.getHttpServer();

  let counter = 0;
  const address = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;

  const signIn = (email: unknown, extra: Record<string, unknown> = {}) =>
    request(server())
      .post('/api/members/sign-in')
      .send({ email, ...extra });

  /** Asks for a link and returns its token and the sign-in cookie of the browser that asked. */
  const requestLink = async (
    email: string,
    extra: Record<string, unknown> = {},
    cookies: string[] = [],
  ) => {
    // The mail goes to the address in its stored form.
    const stored = email.trim().toLowerCase();
    const before = inbox.to(stored).length;
    const res = await withCookies(
      request(server())
        .post('/api/members/sign-in')
        .send({ email, ...extra }),
      cookies,
    );
    expect(res.status).toBe(202);
    const mails = await inbox.waitForTo(stored, before + 1);
    return {
      token: tokenIn(mails[mails.length - 1]!),
      browser: cookieFrom(res.headers['set-cookie'], SIGN_IN_COOKIE)!,
    };
  };

  /** Asks for a link and returns its token; the sign-in cookie is in `asked`. */
  const linkFor = async (email: string, extra: Record<string, unknown> = {}) =>
    (await requestLink(email, extra)).token;

  const confirm = (token: unknown, cookies: string[] = [], choice: Record<string, unknown> = {}) =>
    withCookies(
      request(server())
        .post('/api/members/sign-in/confirm')
        .send({ token, ...choice }),
      cookies,
    );

  const lookup = (token: string, cookies: string[] = []) =>
    withCookies(request(server()).get('/api/members/sign-in/link').query({ token }), cookies);

  /** Signs in as `email` in the browser that asked, and returns the member cookie (name=value). */
  const sessionFor = async (email: string) => {
    const { token, browser } = await requestLink(email);
    const res = await confirm(token, [browser]);
    expect(res.status).toBe(200);
    return cookieFrom(res.headers['set-cookie'], MEMBER_COOKIE)!;
  };

  const withCookies = (req: request.Test, cookies: string[]) =>
    cookies.length > 0 ? req.set('Cookie', cookies) : req;
  const check = (...cookies: string[]) =>
    withCookies(request(server()).get('/api/check-subscription'), cookies);
  const me = (...cookies: string[]) =>
    withCookies(request(server()).get('/api/members/me'), cookies);

  it('mails a single-use link, in text and HTML, with the configured brand', async () => {
    const email = address('ann');
    const res = await signIn(email);

    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      message:
        'If that address can receive mail, a sign-in link is on its way. It works once, for 20 minutes.',
    });
    const [mail] = await inbox.waitForTo(email);
    expect(mail!.subject).toBe('Your TradeSense sign-in link');
    const token = tokenIn(mail!);
    expect(mail!.html).toContain(`http://localhost:8080/sign-in/confirm?token=${token}`);
    expect(mail!.text).toContain('It works once, for 20 minutes.');
    // Only the hash of the token is stored.
    const rows = await query<{ token_hash: string }>(
      context.database.url,
      'SELECT token_hash FROM sign_in_tokens WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('starts a member session once per link, with an httpOnly SameSite=Lax cookie', async () => {
    const email = address('bob');
    const { token, browser } = await requestLink(email, { returnTo: '/professional-trading' });

    const first = await confirm(token, [browser]);
    const again = await confirm(token, [browser]);

    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      email,
      hasAccess: false,
      status: 'none',
      returnTo: '/professional-trading',
    });
    const cookie = parseSetCookie(first.headers['set-cookie'])!;
    expect(cookie.name).toBe(MEMBER_COOKIE);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${30 * 86_400}`]),
    );
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/no longer valid.*Ask for a new one/);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await me(`${cookie.name}=${cookie.value}`)).body).toEqual({
      email,
      hasAccess: false,
      status: 'none',
    });
  });

  it('mails exactly the limit of links when many requests for one address arrive at once', async () => {
    const email = address('burst');

    // Two API processes, as with two replicas, each with its own connection pool.
    const apps = [server(), context.secureBilling.app.getHttpServer()];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        request(apps[index % 2])
          .post('/api/members/sign-in')
          .send({ email }),
      ),
    );

    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    const rows = await query(
      context.database.url,
      'SELECT 1 FROM sign_in_tokens WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(5);
  });

  describe('the browser a link is used in', () => {
    it('tells who a link signs in without using it up', async () => {
      const email = address('peek');
      const { token, browser } = await requestLink(email);

      const here = await lookup(token, [browser]);
      const elsewhere = await lookup(token);

      expect(here.status).toBe(200);
      expect(here.headers['cache-control']).toBe('no-store');
      expect(here.body).toEqual({ email, sameBrowser: true, signedInAs: null });
      expect(elsewhere.body).toEqual({ email, sameBrowser: false, signedInAs: null });
      expect((await confirm(token, [browser])).status).toBe(200);
      expect((await lookup(token, [browser])).status).toBe(410);
    });

    it('signs in at once only in the browser that asked for the link', async () => {
      const email = address('own');
      const { token, browser } = await requestLink(email);

      const res = await confirm(token, [browser]);

      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
    });

    it("refuses another browser's use of a link until it names the address, and keeps the link", async () => {
      const attacker = address('attacker');
      const { token } = await requestLink(attacker);
      const victimBrowser = (await requestLink(address('victim'))).browser;

      const silent = await confirm(token, [victimBrowser]);
      const wrongName = await confirm(token, [], { confirmEmail: address('someone') });

      expect(silent.status).toBe(409);
      expect(silent.body.message).toMatch(/another browser/);
      expect(silent.headers['set-cookie']).toBeUndefined();
      expect(wrongName.status).toBe(409);
      const confirmed = await confirm(token, [victimBrowser], { confirmEmail: attacker });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.email).toBe(attacker);
    });

    it('never switches a signed-in browser to another member without its choice', async () => {
      const ann = address('ann-signed-in');
      const annSession = await sessionFor(ann);
      const bob = address('bob-link');
      const { token, browser } = await requestLink(bob, {}, [annSession]);

      expect((await lookup(token, [annSession, browser])).body).toEqual({
        email: bob,
        sameBrowser: true,
        signedInAs: ann,
      });
      const silent = await confirm(token, [annSession, browser]);
      expect(silent.status).toBe(409);
      expect(silent.body.message).toContain(ann);
      expect((await me(annSession)).body.email).toBe(ann);

      const switched = await confirm(token, [annSession, browser], { switchFrom: ann });

      expect(switched.status).toBe(200);
      expect(switched.body.email).toBe(bob);
      const bobSession = cookieFrom(switched.headers['set-cookie'], MEMBER_COOKIE)!;
      expect((await me(bobSession)).body.email).toBe(bob);
      expect((await me(annSession)).status).toBe(401);
    });

    it('keeps a session of the same member without asking', async () => {
      const email = address('again');
      const session = await sessionFor(email);
      const { token, browser } = await requestLink(email, {}, [session]);

      const res = await confirm(token, [session, browser]);

      expect(res.status).toBe(200);
      expect(res.body.email).toBe(email);
    });

    it('gives every browser that asks its own sign-in cookie, for as long as a link works', async () => {
      const first = await requestLink(address('one'));
      const second = await requestLink(address('two'));
      const again = await requestLink(address('three'), {}, [first.browser]);

      expect(first.browser).not.toBe(second.browser);
      expect(again.browser).toBe(first.browser);
      const res = await signIn(address('attrs'));
      const cookie = parseSetCookie(res.headers['set-cookie'])!;
      expect(cookie.name).toBe(SIGN_IN_COOKIE);
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${20 * 60}`]),
      );
    });
  });

  it('refuses an expired link', async () => {
    const email = address('late');
    const token = await linkFor(email);
    await query(
      context.database.url,
      "UPDATE sign_in_tokens SET expires_at = now() - interval '1 second' WHERE email = $1",
      [email],
    );

    const res = await confirm(token);

    expect(res.status).toBe(410);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong token (410) and a malformed one (400)', async () => {
    expect((await confirm('A'.repeat(43))).status).toBe(410);
    const malformed = await confirm('not a token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('token is not a sign-in token');
  });

  it('answers a member and a stranger byte for byte the same', async () => {
    const member = address('member');
    await sessionFor(member);
    const stranger = address('stranger');

    const forMember = await signIn(member);
    const forStranger = await signIn(stranger);

    expect(forMember.status).toBe(forStranger.status);
    expect(forMember.text).toBe(forStranger.text);
    // The sign-in cookie's value is random for everyone; its name and attributes must match.
    const withoutValue = (cookies: unknown) =>
      (cookies as string[]).map((cookie) =>
        cookie.replace(/=[^;]*/, '=…').replace(/Expires=[^;]*/, ''),
      );
    const shape = (res: request.Response) =>
      Object.entries(res.headers)
        .filter(([name]) => !['date', 'x-request-id', 'etag'].includes(name))
        .map(([name, value]) => [name, name === 'set-cookie' ? withoutValue(value) : value])
        .sort();
    expect(shape(forMember)).toEqual(shape(forStranger));
  });

  it('limits links per address, whatever its case, and says when to try again', async () => {
    const email = address('busy');
    for (const variant of [email, email.toUpperCase(), ` ${email} `, email, email]) {
      expect((await signIn(variant)).status).toBe(202);
    }

    const limited = await signIn(email);

    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many sign-in links/);
    expect((await signIn(address('other'))).status).toBe(202);
  });

  it.each([
    ['a CR/LF', 'ann\r\nBcc: x@evil.example@example.com'],
    ['a quoted local part with CR/LF', '"ann\r\nBcc: x@evil.example"@example.com'],
    ['an over-long address', `${'a'.repeat(64)}@${'b'.repeat(200)}.example.com`],
    ['not an address', 'nobody'],
  ])('refuses %s with 400 and stores nothing', async (_label, email) => {
    const res = await signIn(email);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const rows = await query(
      context.database.url,
      'SELECT 1 FROM sign_in_tokens WHERE email = $1',
      [email.toLowerCase()],
    );
    expect(rows).toEqual([]);
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', 'account'])(
    'refuses the returnTo %p',
    async (returnTo) => {
      const res = await signIn(address('ret'), { returnTo });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('returnTo must be a path on this site');
    },
  );

  it('gives a second browser access once the buyer signs in with the e-mail they paid with', async () => {
    const email = address('buyer');
    const paid = await buy(context.billing, context.stripe, { email });
    const activation = await request(server())
      .post('/api/activate-subscription')
      .set('Cookie', paid.checkoutCookie)
      .send({ sessionId: paid.sessionId });
    expect(activation.body).toEqual({ hasAccess: true, status: 'active' });

    // Another device: no cookies at all.
    expect((await check()).body).toEqual({ hasAccess: false });
    const member = await sessionFor(email.toUpperCase());

    expect((await check(member)).body).toEqual({ hasAccess: true });
    expect((await me(member)).body).toEqual({ email, hasAccess: true, status: 'active' });
  });

  it('ends the session on sign-out: the cookie grants nothing afterwards', async () => {
    const email = address('leaver');
    await buy(context.billing, context.stripe, { email }).then((paid) =>
      request(server())
        .post('/api/activate-subscription')
        .set('Cookie', paid.checkoutCookie)
        .send({ sessionId: paid.sessionId }),
    );
    const member = await sessionFor(email);
    expect((await check(member)).body).toEqual({ hasAccess: true });

    const out = await request(server()).post('/api/members/sign-out').set('Cookie', member);

    expect(out.status).toBe(204);
    expect(parseSetCookie(out.headers['set-cookie'])!.raw).toMatch(
      /^probedge_member=;.*Expires=Thu, 01 Jan 1970/,
    );
    expect((await check(member)).body).toEqual({ hasAccess: false });
    expect((await me(member)).status).toBe(401);
  });

  it('answers 401 on /api/members/me without a session', async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: 'Not signed in' });
  });

  it('keeps one Stripe customer per member across two checkouts', async () => {
    const email = address('loyal');
    const member = await sessionFor(email);

    const first = await startCheckout(context.billing, [member]);
    const createFirst = context.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(createFirst.params.get('customer_email')).toBe(email);
    expect(createFirst.params.get('customer')).toBeNull();
    const subscription = context.stripe.settleSession(first.sessionId, { email });
    await request(server())
      .post('/api/activate-subscription')
      .set('Cookie', [member, first.checkoutCookie])
      .send({ sessionId: first.sessionId })
      .expect(200);

    await startCheckout(context.billing, [member]);
    const createSecond = context.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;

    expect(createSecond.params.get('customer')).toBe(subscription!.customer);
    expect(createSecond.params.get('customer_email')).toBeNull();
    const customers = await query<{ id: string }>(
      context.database.url,
      'SELECT c.id FROM customers c JOIN members m ON m.id = c.member_id WHERE m.email = $1',
      [email],
    );
    expect(customers).toEqual([{ id: subscription!.customer }]);
  });

  it('links the buyer to their member from the checkout.session.completed webhook alone', async () => {
    const email = address('webhook');
    const paid = await buy(context.billing, context.stripe, { email });
    const session = context.stripe.sessions.get(paid.sessionId)!;
    const payload = checkoutCompletedPayload(session, context.stripe.nowSeconds(), {
      details: { customer_details: { email: email.toUpperCase() } },
    });
    await deliverWebhook(context.billing, payload).expect(200);

    // The browser that paid never activated; the buyer signs in elsewhere and has access.
    const member = await sessionFor(email);
    expect((await check(member)).body).toEqual({ hasAccess: true });
  });
});
