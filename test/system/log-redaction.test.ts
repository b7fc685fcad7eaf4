import { SmtpInbox, type ReceivedMail } from '@probedge/kit/testing';
import { buyInSandbox, cookieOf } from './support/sandbox';
import { startStack, type ProcessName, type Stack } from './support/stack';

const PROCESSES: ProcessName[] = ['content', 'billing', 'gateway'];
const SETUP_TIMEOUT = 120_000;

/** The value of a query parameter in a link somewhere in a mail's text part. */
function linkParameter(mail: ReceivedMail, path: string, name: string): string {
  const pattern = new RegExp(`${path.replace(/\//g, '\\/')}\\?${name}=([A-Za-z0-9_-]+)`);
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[1]!;
}

/**
 * Tokens in links and checkout session ids grant access to whoever holds them: after a sign-in, a
 * newsletter confirmation and a purchase, none of them, and no cookie, is in any process's log.
 */
describe('secrets never reach the logs', () => {
  const inbox = new SmtpInbox();
  let stack: Stack;

  beforeAll(async () => {
    await inbox.start();
    const mail = { SMTP_URL: inbox.url, LOG_LEVEL: 'info' };
    stack = await startStack({
      processes: PROCESSES,
      env: { content: mail, billing: mail, gateway: { LOG_LEVEL: 'info' } },
    });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await stack?.close();
    await inbox.stop();
  });

  const gateway = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url('gateway')}${path}`, { redirect: 'manual', ...init });
  const postJson = (path: string, body: unknown) =>
    gateway(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps sign-in tokens, confirmation tokens, session ids and cookies out of every log', async () => {
    const secrets: string[] = [];

    // A sign-in: the link is opened (the page) and its token posted.
    expect((await postJson('/api/members/sign-in', { email: 'ann@example.com' })).status).toBe(202);
    const [signInMail] = await inbox.waitForTo('ann@example.com');
    const signInToken = linkParameter(signInMail!, '/sign-in/confirm', 'token');
    await gateway(`/sign-in/confirm?token=${signInToken}`);
    // The page reads the link (token in the query), then posts it; from another client than the one
    // that asked, naming the address.
    expect((await gateway(`/api/members/sign-in/link?token=${signInToken}`)).status).toBe(200);
    const confirmed = await postJson('/api/members/sign-in/confirm', {
      token: signInToken,
      confirmEmail: 'ann@example.com',
    });
    expect(confirmed.status).toBe(200);
    const member = cookieOf(confirmed, 'probedge_member');
    secrets.push(signInToken, member.slice(member.indexOf('=') + 1));

    // A newsletter confirmation, from the link in its mail.
    expect((await postJson('/api/newsletter', { email: 'bob@example.com' })).status).toBe(202);
    const [newsletterMail] = await inbox.waitForTo('bob@example.com');
    const newsletterToken = linkParameter(newsletterMail!, '/api/newsletter/confirm', 'token');
    expect((await gateway(`/api/newsletter/confirm?token=${newsletterToken}`)).status).toBe(200);
    secrets.push(newsletterToken);

    // A purchase in the sandbox, then the success and day-trader pages with the session id.
    const purchase = await buyInSandbox(stack.url('gateway'), 'carol@example.com');
    await gateway(`/subscribe/success?session_id=${purchase.sessionId}`);
    await gateway(`/daytrader?session_id=${purchase.sessionId}`);
    for (const cookie of [purchase.checkoutCookie, purchase.accessCookie]) {
      secrets.push(cookie.slice(cookie.indexOf('=') + 1));
    }
    secrets.push(purchase.sessionId);

    for (const name of PROCESSES) {
      const log = stack.process(name).output();
      for (const secret of secrets) expect(log).not.toContain(secret);
    }
    // The requests were logged, with the secret values replaced.
    const gatewayLog = stack.process('gateway').output();
    expect(gatewayLog).toContain('/sign-in/confirm?token=[redacted]');
    expect(gatewayLog).toContain('/subscribe/success?session_id=[redacted]');
    expect(stack.process('content').output()).toContain('/api/newsletter/confirm?token=[redacted]');
  });
});
