/**
 * A circuit breaker for one provider on this replica: after `threshold` failures in a row it opens
 * for `cooldownMs`, during which the provider is skipped; then one call is let through, and its
 * outcome closes the breaker or opens it again.
 */
export class Breaker {
  private failures = 0;
  private openUntil = 0;
  private trialRunning = false;

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Whether a call may go out now; a half-open breaker lets exactly one through. */
  allow(): boolean {
    if (this.failures < this.threshold) return true;
    if (this.clock() < this.openUntil || this.trialRunning) return false;
    this.trialRunning = true;
    return true;
  }

  /** A trial that never reached the provider (no budget left) frees the slot for the next one. */
  release(): void {
    this.trialRunning = false;
  }

  succeeded(): void {
    this.failures = 0;
    this.trialRunning = false;
  }

  failed(): void {
    this.failures += 1;
    this.trialRunning = false;
    if (this.failures >= this.threshold) this.openUntil = this.clock() + this.cooldownMs;
  }

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.failures < this.threshold) return 'closed';
    return this.clock() < this.openUntil ? 'open' : 'half-open';
  }
}
