import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './processes';

/** An SMTP reply: its code (4xx temporary, 5xx permanent) and text. */
export interface SmtpReply {
  code: number;
  message: string;
}

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** Each header's value as sent (unfolded), by lower-case name: mailparser restructures some. */
  rawHeaders: Record<string, string>;
}

/**
 * A real SMTP server on a free loopback port that keeps every message it accepts, parsed. Tests
 * point a service's SMTP_URL at it and read what arrived; `refuseWith` makes it answer an error.
 */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  /** Connection errors of senders, e.g. ECONNRESET from one killed mid-session. */
  readonly connectionErrors: string[] = [];
  /** When set, every message is refused with this reply (e.g. 451 or 550). */
  refuseWith: SmtpReply | null = null;
  private readonly refusals = new Map<string, SmtpReply[]>();
  private holding = false;
  private held: { sessionId: string; answer: () => void }[] = [];
  private readonly closedSessions = new Set<string>();
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
      onClose: (session) => {
        this.closedSessions.add(session.id);
        this.notify();
      },
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const refusal = this.refuseWith ?? this.nextRefusal(to);
        simpleParser(stream).then(
          (parsed) => {
            if (refusal) {
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
              return;
            }
            const answer = () => {
              // A sender that left before the 250 never learnt the message was taken: like a real
              // server, the message is not kept.
              if (this.closedSessions.has(session.id)) return;
              this.messages.push({
                to,
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                headers: parsed.headers,
                rawHeaders: Object.fromEntries(
                  parsed.headerLines.map(({ key, line }) => [
                    key,
                    line
                      .slice(line.indexOf(':') + 1)
                      .replace(/\r?\n[ \t]+/g, ' ')
                      .trim(),
                  ]),
                ),
              });
              callback();
              this.notify();
            };
            if (this.holding) {
              this.held.push({ sessionId: session.id, answer });
              this.notify();
            } else {
              answer();
            }
          },
          (error: Error) => callback(error),
        );
      },
    });
    // A sender killed mid-session resets its connection: a real server notes it and carries on, and
    // so does the inbox (an 'error' event nobody listens for would end the test run).
    this.server.on('error', (error: Error) => this.connectionErrors.push(error.message));
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

  /** The next messages to `address` are refused with these replies, one each, then accepted. */
  refuseNext(address: string, ...replies: SmtpReply[]): void {
    this.refusals.set(address, [...(this.refusals.get(address) ?? []), ...replies]);
  }

  /** From now on, messages are read but their reply (250) waits until `release()`. */
  hold(): void {
    this.holding = true;
  }

  /** Resolves once `count` messages are waiting for their reply. */
  async waitForHeld(count: number): Promise<void> {
    await this.until(() => this.held.length >= count);
  }

  /** Resolves once every sender of a held message has hung up (killed before its reply). */
  async waitForHeldSendersGone(): Promise<void> {
    await this.until(() =>
      this.held.every((message) => this.closedSessions.has(message.sessionId)),
    );
  }

  /** Answers every held message whose sender is still connected, and stops holding. */
  release(): void {
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const message of held) message.answer();
  }

  /** Resolves once `count` messages have been accepted, whoever they were for. */
  async waitForCount(count: number): Promise<void> {
    await this.until(() => this.messages.length >= count);
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.includes(address));
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => (this.server ? this.server.close(resolve) : resolve()));
  }

  private nextRefusal(to: string[]): SmtpReply | null {
    for (const address of to) {
      const replies = this.refusals.get(address);
      if (replies?.length) return replies.shift()!;
    }
    return null;
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
