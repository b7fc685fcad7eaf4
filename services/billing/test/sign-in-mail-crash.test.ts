import path from 'node:path';
import {
  BuiltProcesses,
  createTestDatabase,
  SmtpInbox,
  waitFor,
  type TestDatabase,
} from '@probedge/kit/testing';
import { query } from './db';
import { MIGRATIONS_DIR } from './support';

/**
 * The built billing API (dist/main.js) answers a sign-in 202 and is SIGKILLed while the mail server
 * holds its reply to the sign-in mail. The mail waits with the link's row, so the restarted process
 * sends it: the address gets exactly one mail, whose link signs in.
 */
describe('a sign-in answered 202 keeps its mail when the process dies before sending it', () => {
  const inbox = new SmtpInbox();
  let database: TestDatabase;
  const processes = new BuiltProcesses();

  const startBilling = () =>
    processes.start({
      name: 'billing',
      cwd: path.join(__dirname, '..'),
      script: 'dist/main.js',
      portVariable: 'PORT',
      env: {
        DATABASE_URL: database.url,
        SMTP_URL: inbox.url,
        PUBLIC_URL: 'http://localhost:8080',
        // Another process takes over a claimed mail a second after its sender went quiet.
        SIGN_IN_MAIL_LEASE_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
    });

  beforeAll(async () => {
    await inbox.start();
    database = await createTestDatabase('probedge_billing_mail_crash', MIGRATIONS_DIR);
  });

  afterAll(async () => {
    await processes.killAll();
    await database?.drop();
    await inbox.stop();
  });

  it('is sent by the restarted process, once, with a link that signs in', async () => {
    const email = `crash.${Date.now()}@example.com`;
    inbox.hold();
    const first = await startBilling();
    const answer = await fetch(`${first.url}/api/members/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(answer.status).toBe(202);
    await inbox.waitForHeld(1);
    await first.stop('SIGKILL');
    // The sender is gone before the 250: the server does not keep that message.
    await inbox.waitForHeldSendersGone();
    inbox.release();
    expect(inbox.to(email)).toHaveLength(0);

    const second = await startBilling();
    await waitFor(
      () => inbox.to(email).length === 1,
      'the mail from the restarted process',
      20_000,
    );

    const link = new URL(/https?:\/\/\S+token=[\w-]+/.exec(inbox.to(email)[0]!.text)![0]);
    const token = link.searchParams.get('token')!;
    const details = await fetch(`${second.url}/api/members/sign-in/link?token=${token}`);
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ email });
    // Sent: the raw link rests in the table no longer.
    const rows = await query(
      database.url,
      'SELECT pending_mail FROM sign_in_tokens WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ pending_mail: null }]);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(inbox.to(email)).toHaveLength(1);
  });
});
