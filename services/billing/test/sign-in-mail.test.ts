import { createServer, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { query } from './db';
import { useStripeBilling } from './support';

/** An SMTP server stand-in that takes connections and never greets: every mail waits on it. */
class StalledMailServer {
  readonly sockets = new Set<Socket>();
  private server?: Server;
  private connected?: () => void;
  /** Resolves at the first connection. */
  readonly firstConnection = new Promise<void>((resolve) => {
    this.connected = resolve;
  });

  async start(): Promise<void> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      this.connected?.();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    const address = this.server!.address() as { port: number };
    return `smtp://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

describe('sign-in mail is sent after the answer', () => {
  const mail = new StalledMailServer();
  beforeAll(() => mail.start());
  const context = useStripeBilling('probedge_billing_sign_in_mail', () => ({ SMTP_URL: mail.url }));

  it('answers 202 while the mail server has not even greeted, then tries to deliver', async () => {
    const email = `stalled.${Date.now()}@example.com`;

    const res = await request(context.billing.app.getHttpServer())
      .post('/api/members/sign-in')
      .send({ email });

    expect(res.status).toBe(202);
    const rows = await query(
      context.database.url,
      'SELECT 1 FROM sign_in_tokens WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    await mail.firstConnection;
    for (const socket of mail.sockets) socket.destroy();
  });

  it('answers a member and a stranger alike while every mail is stuck', async () => {
    const server = context.billing.app.getHttpServer();
    const member = `member.${Date.now()}@example.com`;
    await query(
      context.database.url,
      'INSERT INTO members (id, email, created_at, verified_at) VALUES (gen_random_uuid(), $1, now(), now())',
      [member],
    );
    const stranger = `stranger.${Date.now()}@example.com`;

    const [forMember, forStranger] = await Promise.all([
      request(server).post('/api/members/sign-in').send({ email: member }),
      request(server).post('/api/members/sign-in').send({ email: stranger }),
    ]);

    expect(forMember.status).toBe(202);
    expect(forStranger.status).toBe(202);
    expect(forMember.text).toBe(forStranger.text);
    // Mail refused from here on: the app's shutdown waits on the retries, which now end quickly.
    await mail.stop();
  });
});
