import type { LoggerService } from '@nestjs/common';

/** A mail claimed from its table by one sender, with the number of tries this claim makes it. */
export interface ClaimedOutboxMail {
  id: string;
  attempts: number;
}

/** Where mails wait: rows written with the answer that promised them, so a crash loses none. */
export interface OutboxStore<M extends ClaimedOutboxMail> {
  /** Claims one mail until `leaseUntil` (counting the try) if it still waits and nobody holds it. */
  claim(id: string, now: Date, leaseUntil: Date): Promise<M | null>;
  /** Claims up to `limit` waiting mails nobody holds, oldest first; concurrent sweeps take different rows. */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<M[]>;
  /** Sent, or given up on: the row's mail is kept no longer. */
  finish(mail: M): Promise<void>;
  /** Tried again once `at` has passed, by whichever sender sweeps first. */
  retryAt(mail: M, at: Date): Promise<void>;
}

export interface MailOutboxOptions<M extends ClaimedOutboxMail> {
  /** What the mails are, for the log ("sign-in mail"). */
  name: string;
  store: OutboxStore<M>;
  /** Sends one mail; throws when the mail server did not take it (`permanent` for a 5xx). */
  send(mail: M): Promise<void>;
  /** How long a claim holds: a mail whose sender died goes out from another once it lapses. */
  leaseMs: number;
  /** Tries before a mail is given up on. */
  attempts: number;
  /** The wait before try `attempt + 1`, after try `attempt` (1-based) failed. */
  retryDelayMs(attempt: number): number;
  /** How often waiting mail is looked for. */
  sweepMs: number;
  sweepBatch: number;
  logger: Pick<LoggerService, 'warn' | 'error'>;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Mail that was promised in an answer: the row is written before the answer, the process that
 * answered sends it on a later turn (so the answer never waits on, nor reveals, the mail server),
 * and every process sweeps for mail whose sender died or whose retry is due. At least once: a
 * sender killed between the mail server's yes and the row's finish sends it again.
 */
export class MailOutbox<M extends ClaimedOutboxMail> {
  private readonly deliveries = new Set<Promise<void>>();
  private sweeper?: NodeJS.Timeout;
  private sweeping = false;

  constructor(private readonly options: MailOutboxOptions<M>) {}

  /** Sends the mail of a row just written, after the current answer has left. */
  sendSoon(id: string): void {
    this.track(nextTurn().then(() => this.sendNow(id)));
  }

  /** Starts sweeping for mail that waits. */
  start(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = true;
      this.track(this.sweep().finally(() => (this.sweeping = false)));
    }, this.options.sweepMs);
    this.sweeper.unref();
  }

  /** Stops sweeping and lets mail being sent finish; the rest waits in the table. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.allSettled([...this.deliveries]);
  }

  private track(delivery: Promise<void>): void {
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  private leaseUntil(now: Date): Date {
    return new Date(now.getTime() + this.options.leaseMs);
  }

  private async sendNow(id: string): Promise<void> {
    try {
      const now = new Date();
      const mail = await this.options.store.claim(id, now, this.leaseUntil(now));
      if (mail) await this.deliver(mail);
    } catch (error) {
      this.options.logger.warn(
        { err: (error as Error).message },
        `${this.options.name} left for the sweep`,
      );
    }
  }

  private async sweep(): Promise<void> {
    try {
      const now = new Date();
      const due = await this.options.store.claimDue(
        now,
        this.leaseUntil(now),
        this.options.sweepBatch,
      );
      for (const mail of due) await this.deliver(mail);
    } catch (error) {
      this.options.logger.warn(
        { err: (error as Error).message },
        `${this.options.name} sweep failed`,
      );
    }
  }

  /** One try: sent (the row is finished), or left for another try after a backoff. */
  private async deliver(mail: M): Promise<void> {
    const { store, attempts, name, logger } = this.options;
    try {
      await this.options.send(mail);
    } catch (error) {
      const permanent = (error as { permanent?: boolean }).permanent === true;
      // Only the attempt and the reason: a mail's content (a sign-in link) must never reach a log.
      logger.warn(
        { attempt: mail.attempts, permanent, err: (error as Error).message },
        `${name} could not be sent`,
      );
      if (permanent || mail.attempts >= attempts) {
        logger.error({ attempts: mail.attempts, permanent }, `${name} given up on`);
        await store.finish(mail);
        return;
      }
      await store.retryAt(mail, new Date(Date.now() + this.options.retryDelayMs(mail.attempts)));
      return;
    }
    await store.finish(mail);
  }
}
