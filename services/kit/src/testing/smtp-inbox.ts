import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './processes';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
}

/**
 * A real SMTP server on a free loopback port that keeps every message it accepts, parsed. Tests
 * point a service's SMTP_URL at it and read what arrived; `refuseWith` makes it answer an error.
 */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  /** When set, every message is refused with this reply (e.g. 451 or 550). */
  refuseWith: { code: number; message: string } | null = null;
  private server?: SMTPServer;
  private waiters: { ready: () => boolean; resolve: () => void }[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port?: number): Promise<this> {
    this.port = port ?? (await freePort());
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const refusal = this.refuseWith;
        simpleParser(stream).then(
          (parsed) => {
            if (refusal) {
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
              return;
            }
            this.messages.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: parsed.headers,
            });
            callback();
            this.notify();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    return this;
  }

  /**
   * Resolves with the messages to `address` once there are `count` of them. Mail a service sends
   * after answering can arrive late, so a test waits for its own recipient, not for any message.
   */
  async waitForTo(address: string, count = 1): Promise<ReceivedMail[]> {
    await this.until(() => this.to(address).length >= count);
    return this.to(address);
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(resolve) : resolve()));
  }

  private until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ready, resolve }));
  }

  private notify(): void {
    const ready = this.waiters.filter((waiter) => waiter.ready());
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }
}
