import pino, { type DestinationStream } from 'pino';

/** What the lines are handed to: a synchronous writer (pino's SonicBoom with `sync: true`). */
export interface LineTarget {
  write(text: string): unknown;
  flushSync?(): void;
}

const unflushed = new Set<TurnBatchedLines>();
let flushOnExit = false;

/**
 * Log lines gathered over one turn of the event loop and written together, synchronously, as soon
 * as that turn's I/O has been handled (setImmediate): one write per turn instead of one per line.
 * A busy server answers many requests in a turn, and each write is a system call (on stdout, a
 * pipe whose reader is woken each time). Nothing waits on a thread pool, lines keep their order,
 * and what a turn made is out before the next turn's I/O is polled; the process's `exit` (a
 * crash's included) writes what is left. Only a kill the process cannot see (SIGKILL) loses the
 * lines of the turn it lands in.
 */
export class TurnBatchedLines implements DestinationStream {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly target: LineTarget) {
    unflushed.add(this);
    if (!flushOnExit) {
      flushOnExit = true;
      process.once('exit', () => {
        for (const lines of unflushed) lines.flushSync();
      });
    }
  }

  write(line: string): void {
    this.pending.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.writePending);
  }

  /** Hands what this turn made to the target in one write. */
  private readonly writePending = (): void => {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
    this.pending = [];
    this.target.write(text);
  };

  /** Writes everything now (the process's exit). */
  flushSync(): void {
    this.writePending();
    this.target.flushSync?.();
  }

  /** pino's `logger.flush(cb)`: everything written, then `cb`. */
  flush(cb?: (error?: Error) => void): void {
    this.flushSync();
    cb?.();
  }

  /** No more lines: what is pending is written and the process no longer flushes this at exit. */
  end(): void {
    this.flushSync();
    unflushed.delete(this);
  }
}

/** The process's stdout, line batches written synchronously (SonicBoom retries a full pipe). */
export function stdoutLines(): TurnBatchedLines {
  return new TurnBatchedLines(pino.destination({ dest: 1, sync: true }));
}
