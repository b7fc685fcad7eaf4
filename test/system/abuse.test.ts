import { connect } from 'node:net';
import { slowSender, SmtpInbox, waitFor } from '@probedge/kit/testing';
import { cookieOf } from './support/sandbox';
import { startStack, type ProcessName, type Stack } from './support/stack';

const PROCESSES: ProcessName[] = ['content', 'billing', 'gateway'];
const SETUP_TIMEOUT = 120_000;
/** The gateway's deadline for a whole request, short so the slow senders are cut off in the test. */
const REQUEST_TIMEOUT_MS = 4000;

/**
 * The attacks of the last adversarial review, replayed against the built processes on loopback
 * (`make abuse` runs this file alone; the full test run includes it). Each fails if its finding
 * comes back: slow bodies starving billing, a sign-in forced on another browser, mail bombing,
 * subscriber enumeration, the racy sign-in limit, invisible characters in addresses.
 */
describe('attacks that must keep failing', () => {
  const inbox = new SmtpInbox();
  let stack: Stack;

  beforeAll(async () => {
    await inbox.start();
    const mail = { SMTP_URL: inbox.url };
    stack = await startStack({
      processes: PROCESSES,
      env: {
        content: mail,
        billing: mail,
        gateway: {
          // Fewer connections than there are slow senders: streamed bodies would take them all.
          UPSTREAM_MAX_SOCKETS: '16',
          UPSTREAM_WEBHOOK_RESERVE: '2',
          UPSTREAM_QUEUE_TIMEOUT_MS: '1000',
          CLIENT_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        },
      },
    });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await stack?.close();
    await inbox.stop();
  });

  /** A request from one of the loopback addresses, so each "client" has its own limits. */
  const from = (
    address: string,
    path: string,
    { method = 'GET', json }: { method?: string; json?: unknown } = {},
  ) => {
    const { port } = new URL(stack.url('gateway'));
    // fetch cannot choose the address it sends from; a raw request can.
    return rawRequest(Number(port), address, method, path, json);
  };

  it('serves another client billing while 40 clients from 4 addresses send bodies a byte at a time', async () => {
    const { port } = new URL(stack.url('gateway'));
    const slow = Array.from({ length: 40 }, (_, i) =>
      slowSender({
        port: Number(port),
        localAddress: `127.0.0.${2 + (i % 4)}`,
        path: '/api/create-checkout-session',
      }),
    );
    try {
      await waitFor(() => slow.every((client) => client.sent >= 2), 'every slow body under way');
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const [subscription, me] = await Promise.all([
          from('127.0.0.1', '/api/check-subscription'),
          from('127.0.0.1', '/api/members/me'),
        ]);
        statuses.push(subscription.status, me.status);
      }
      // Their usual answers: the access check, and nobody signed in. Never a 503 or a wait.
      expect(statuses).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 401 : 200)));
      await waitFor(
        () => slow.every((client) => client.closed),
        'the slow senders cut off',
        REQUEST_TIMEOUT_MS * 3,
      );
      for (const client of slow) expect(client.answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      for (const client of slow) client.stop();
    }
  });

  it("does not sign a victim's browser in with a link the attacker asked for", async () => {
    expect(
      (
        await from('127.0.0.20', '/api/members/sign-in', {
          method: 'POST',
          json: { email: 'mallory@example.com' },
        })
      ).status,
    ).toBe(202);
    const [mail] = await inbox.waitForTo('mallory@example.com');
    const token = /sign-in\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    // The victim's browser opens the link: the page and its lookup set no session.
    const page = await fetch(`${stack.url('gateway')}/sign-in/confirm?token=${token}`);
    expect(
      page.headers.getSetCookie().some((cookie) => cookie.startsWith('probedge_member=')),
    ).toBe(false);
    const link = await fetch(`${stack.url('gateway')}/api/members/sign-in/link?token=${token}`);
    expect(link.status).toBe(200);
    expect(await link.json()).toEqual({
      email: 'mallory@example.com',
      sameBrowser: false,
      signedInAs: null,
    });
    // Using it without naming the address is refused, and signs nobody in.
    const forced = await fetch(`${stack.url('gateway')}/api/members/sign-in/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(forced.status).toBe(409);
    expect(
      forced.headers.getSetCookie().some((cookie) => cookie.startsWith('probedge_member=')),
    ).toBe(false);
  });

  it('sends one sign-up mail to an inbox however many clients ask, and answers each alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        from(`127.0.0.${30 + (i % 3)}`, '/api/newsletter', {
          method: 'POST',
          json: { email: 'bombed@example.com' },
        }),
      ),
    );
    expect(new Set(answers.map((res) => `${res.status} ${res.body}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(202);
    await inbox.waitForTo('bombed@example.com');
    // Every sign-up was answered after its mail was queued or refused: nothing else is on its way.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inbox.to('bombed@example.com')).toHaveLength(1);
  });

  it('answers a subscribed address exactly as a new one', async () => {
    const signUp = (email: string) =>
      from('127.0.0.40', '/api/newsletter', { method: 'POST', json: { email } });
    expect((await signUp('member@example.com')).status).toBe(202);
    const [mail] = await inbox.waitForTo('member@example.com');
    const token = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(
      (await fetch(`${stack.url('gateway')}/api/newsletter/confirm?token=${token}`)).status,
    ).toBe(200);

    const [subscribed, fresh] = [
      await signUp('member@example.com'),
      await signUp('fresh@example.com'),
    ];
    expect(subscribed.status).toBe(fresh.status);
    expect(subscribed.body).toBe(fresh.body);
  });

  it('mails at most 5 sign-in links to an address when 12 clients ask at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        from(`127.0.0.${50 + i}`, '/api/members/sign-in', {
          method: 'POST',
          json: { email: 'raced@example.com' },
        }),
      ),
    );
    // Five links, and the address's limit for the rest, whichever came first.
    expect(answers.map((res) => res.status).sort()).toEqual([
      ...new Array<number>(5).fill(202),
      ...new Array<number>(7).fill(429),
    ]);
    await inbox.waitForTo('raced@example.com', 5);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(inbox.to('raced@example.com')).toHaveLength(5);
  });

  it.each([
    ['/api/newsletter', 'ann\u200b@example.com', 'U+200B'],
    ['/api/newsletter', 'an\u00adn@example.com', 'U+00AD'],
    ['/api/members/sign-in', 'ann@exa\u2060mple.com', 'U+2060'],
  ])(
    'refuses an address with an invisible character at %s (%s) with 400 naming it',
    async (path, email, named) => {
      const res = await from('127.0.0.70', path, { method: 'POST', json: { email } });
      expect(res.status).toBe(400);
      expect(res.body).toContain(named);
    },
  );

  it('keeps the session cookie of a confirmed sign-in to the browser that asked', async () => {
    const asked = await fetch(`${stack.url('gateway')}/api/members/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com' }),
    });
    expect(asked.status).toBe(202);
    const browser = cookieOf(asked, 'probedge_sign_in');
    const [mail] = await inbox.waitForTo('ann@example.com');
    const token = /sign-in\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const confirmed = await fetch(`${stack.url('gateway')}/api/members/sign-in/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    expect(cookieOf(confirmed, 'probedge_member')).toMatch(/^probedge_member=/);
  });
});

interface RawAnswer {
  status: number;
  body: string;
}

/** One HTTP/1.1 request from a chosen loopback address; the status and body of its answer. */
function rawRequest(
  port: number,
  localAddress: string,
  method: string,
  path: string,
  json: unknown,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? '' : JSON.stringify(json);
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () =>
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
          (json === undefined
            ? '\r\n'
            : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`),
      ),
    );
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const head = received.indexOf('\r\n\r\n');
      const rawBody = head === -1 ? '' : received.slice(head + 4);
      const chunked = /\r\ntransfer-encoding: chunked/i.test(received.slice(0, head));
      resolve({ status, body: chunked ? unchunk(rawBody) : rawBody });
    });
  });
}

function unchunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
