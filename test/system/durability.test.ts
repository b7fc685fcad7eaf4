import { Pool } from 'pg';
import { SmtpInbox } from '@probedge/kit/testing';
import { buyInSandbox } from './support/sandbox';
import { startStack, type ProcessName, type Stack } from './support/stack';

/**
 * The fault suite (also `make faults`): writes flow through the gateway while one part fails and
 * comes back, and every write that was answered 2xx is then counted in the databases and the mail
 * server. Nothing answered may be lost or stored twice; a write refused during the fault (502,
 * 503) is the sender's to retry.
 */

type Kind = 'newsletter' | 'sign-in' | 'purchase';
const KINDS: Kind[] = ['newsletter', 'sign-in', 'purchase'];
const PROCESSES: ProcessName[] = ['content', 'billing', 'gateway'];
const WRITERS = 3;
const SUITE_TIMEOUT = 240_000;
/** How long a mail may take after its write: the sign-in sweep and a retried confirmation. */
const MAIL_WAIT_MS = 60_000;

interface Write {
  kind: Kind;
  /** The address, or for a purchase the checkout session id. */
  key: string;
  email: string;
  status: number;
}

interface Tally {
  fault: string;
  sent: number;
  answered: number;
  refused: number;
  stored: number;
  lost: number;
  doubled: number;
  /** Mails that arrived twice for one write (a sender killed between the mail server's yes and its own note of it). */
  mailedTwice: number;
  /** What each lost write was, with what was missing: the place to start looking. */
  losses: string[];
}

async function write(gateway: string, kind: Kind, email: string): Promise<Write> {
  if (kind === 'purchase') {
    try {
      const { sessionId } = await buyInSandbox(gateway, email);
      return { kind, key: sessionId, email, status: 200 };
    } catch {
      return { kind, key: '', email, status: 0 };
    }
  }
  const path = kind === 'newsletter' ? '/api/newsletter' : '/api/members/sign-in';
  try {
    const res = await fetch(`${gateway}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return { kind, key: email, email, status: res.status };
  } catch {
    return { kind, key: email, email, status: 0 };
  }
}

/** WRITERS clients writing one after another, each write to an address of its own. */
class WriteLoop {
  readonly writes: Write[] = [];
  private stopped = false;
  private next = 0;
  private readonly clients: Promise<void>[];

  constructor(
    private readonly gateway: string,
    private readonly fault: string,
  ) {
    this.clients = Array.from({ length: WRITERS }, () => this.run());
  }

  answeredSince(from: number): number {
    return this.writes.slice(from).filter((entry) => entry.status >= 200 && entry.status < 300)
      .length;
  }

  async stop(): Promise<Write[]> {
    this.stopped = true;
    await Promise.all(this.clients);
    return this.writes;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const index = this.next++;
      const kind = KINDS[index % KINDS.length]!;
      this.writes.push(await write(this.gateway, kind, `${this.fault}-${index}@example.com`));
    }
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('writes through faults: nothing answered is lost or stored twice', () => {
  const inbox = new SmtpInbox();
  const tallies: Tally[] = [];
  let stack: Stack;
  let content: Pool;
  let billing: Pool;

  const gateway = () => stack.url('gateway');

  beforeAll(async () => {
    await inbox.start();
    stack = await startStack({
      processes: PROCESSES,
      // A cluster of the suite's own, which it can really restart.
      ownPostgres: true,
      env: {
        gateway: {
          RATE_LIMIT_GENERAL: '1000000',
          RATE_LIMIT_NEWSLETTER: '1000000',
          RATE_LIMIT_SIGN_IN: '1000000',
          RATE_LIMIT_CHECKOUT: '1000000',
          RATE_LIMIT_ACTIVATION: '1000000',
          UPSTREAM_TIMEOUT_MS: '5000',
        },
        // A confirmation mail whose sender was killed goes out again within about seven seconds.
        content: {
          SMTP_URL: inbox.url,
          NEWSLETTER_RATE_LIMIT: '1000000',
          BRIEFING_LOCK_DURATION_MS: '2000',
        },
        // A link whose sender died is taken over after two seconds, not a minute.
        billing: { SMTP_URL: inbox.url, SIGN_IN_MAIL_LEASE_SECONDS: '2' },
      },
    });
    // Pools, not single clients: the checks' own connections are ended too when Postgres restarts.
    content = new Pool({ connectionString: stack.databases.content, max: 2 });
    billing = new Pool({ connectionString: stack.databases.billing, max: 2 });
    for (const pool of [content, billing]) pool.on('error', () => undefined);
  }, SUITE_TIMEOUT);

  afterAll(async () => {
    if (tallies.length > 0) {
      console.log(
        ['fault                sent answered refused stored lost doubled mailed-twice']
          .concat(
            tallies.map((t) =>
              [
                t.fault.padEnd(20),
                String(t.sent).padStart(4),
                String(t.answered).padStart(8),
                String(t.refused).padStart(7),
                String(t.stored).padStart(6),
                String(t.lost).padStart(4),
                String(t.doubled).padStart(7),
                String(t.mailedTwice).padStart(12),
              ].join(' '),
            ),
          )
          .concat(tallies.flatMap((t) => t.losses.map((loss) => `${t.fault} lost ${loss}`)))
          .join('\n'),
      );
    }
    await Promise.all([content?.end(), billing?.end()]);
    await stack?.close();
    await inbox.stop();
  }, SUITE_TIMEOUT);

  /** Rows a write left: one newsletter row or sign-in link per address, one activated checkout. */
  async function rowsOf(entry: Write): Promise<number> {
    const [client, sql] =
      entry.kind === 'newsletter'
        ? [content, 'SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = $1']
        : entry.kind === 'sign-in'
          ? [billing, 'SELECT count(*)::int AS n FROM sign_in_tokens WHERE email = $1']
          : [
              billing,
              'SELECT count(*)::int AS n FROM checkout_sessions WHERE id = $1 AND activated_at IS NOT NULL',
            ];
    return (await client.query<{ n: number }>(sql, [entry.key])).rows[0]!.n;
  }

  const mails = (entry: Write) => (entry.kind === 'purchase' ? 1 : inbox.to(entry.email).length);

  async function underFault(
    fault: string,
    breakIt: () => Promise<unknown> | void,
    mendIt: () => Promise<unknown> | void,
  ): Promise<Tally> {
    const loop = new WriteLoop(gateway(), fault);
    try {
      await until(() => loop.answeredSince(0) >= 6, 30_000);
      await breakIt();
      const broken = loop.writes.length;
      await until(() => loop.writes.length >= broken + 6, 30_000);
      await mendIt();
      const mended = loop.writes.length;
      await until(() => loop.answeredSince(mended) >= 6, 60_000);
    } finally {
      await loop.stop();
    }
    const answered = loop.writes.filter((entry) => entry.status >= 200 && entry.status < 300);
    // Mails leave after their answers: wait for each answered write's mail to arrive.
    await until(() => answered.every((entry) => mails(entry) >= 1), MAIL_WAIT_MS);
    const tally: Tally = {
      fault,
      sent: loop.writes.length,
      answered: answered.length,
      refused: loop.writes.length - answered.length,
      stored: 0,
      lost: 0,
      doubled: 0,
      mailedTwice: 0,
      losses: [],
    };
    for (const entry of answered) {
      const rows = await rowsOf(entry);
      const mailed = mails(entry);
      if (rows === 0 || mailed === 0) {
        tally.lost += 1;
        tally.losses.push(`${entry.kind} ${entry.key}: ${rows} rows, ${mailed} mails`);
      } else if (rows > 1) tally.doubled += 1;
      else tally.stored += 1;
      if (mailed > 1) tally.mailedTwice += 1;
    }
    tallies.push(tally);
    return tally;
  }

  /**
   * Each fault: how it breaks and mends the stack, and whether writes must be refused meanwhile (a
   * Redis cut this short may only delay them).
   */
  const FAULTS: {
    name: string;
    title: string;
    breakIt: () => Promise<unknown> | void;
    mendIt: () => Promise<unknown> | void;
    refuses: boolean;
  }[] = [
    ...(['content', 'billing'] as const).map((service) => ({
      name: `${service}-killed`,
      title: `${service} is killed and restarted`,
      breakIt: () => stack.stop(service, 'SIGKILL'),
      mendIt: () => stack.start(service),
      refuses: true,
    })),
    {
      name: 'postgres-away',
      title: 'Postgres goes away and comes back',
      breakIt: () => stack.postgres.cut(),
      mendIt: () => stack.postgres.restore(),
      refuses: true,
    },
    {
      // A real restart: sessions end with 57P01, then connections are refused until it is back.
      name: 'postgres-restarted',
      title: 'Postgres restarts (fast shutdown)',
      breakIt: () => stack.stopPostgres(),
      mendIt: () => stack.startPostgres(),
      refuses: true,
    },
    {
      name: 'redis-away',
      title: 'Redis goes away and comes back',
      breakIt: () => stack.redis.cut(),
      mendIt: () => stack.redis.restore(),
      refuses: false,
    },
    {
      // With the mail server slow, mails wait to be sent when Redis loses everything it held.
      name: 'redis-emptied',
      title: 'Redis restarts empty while mail waits',
      breakIt: async () => {
        inbox.hold();
        await inbox.waitForHeld(8);
        await stack.stopRedis();
      },
      mendIt: async () => {
        await stack.startRedis();
        inbox.release();
      },
      refuses: false,
    },
  ];

  it.each(FAULTS)(
    'keeps every answered write when $title',
    async ({ name, breakIt, mendIt, refuses }) => {
      const tally = await underFault(name, breakIt, mendIt);
      expect(tally.answered).toBeGreaterThanOrEqual(12);
      expect({ lost: tally.lost, doubled: tally.doubled }).toEqual({ lost: 0, doubled: 0 });
      expect(tally.stored).toBe(tally.answered);
      if (refuses) expect(tally.refused).toBeGreaterThan(0);
    },
    SUITE_TIMEOUT,
  );
});
