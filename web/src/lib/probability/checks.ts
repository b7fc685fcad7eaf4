/** What is wrong with the inputs, by input name; empty when they can be computed with. */
export type Problems = Record<string, string>;

/** A tool's answer: its figures, or what is wrong with each input that stops them. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problems: Problems };

/**
 * Collects the problems of a tool's inputs, one message per input (the first found), in words a
 * reader can act on next to the field.
 */
export class InputChecks {
  readonly problems: Problems = {};

  /** A finite number within [min, max] (either bound optional), inclusive unless said. */
  number(
    name: string,
    label: string,
    value: number,
    { min, max, above, below }: { min?: number; max?: number; above?: number; below?: number } = {},
  ): this {
    if (this.problems[name]) return this;
    if (!Number.isFinite(value)) this.problems[name] = `${label} must be a number`;
    else if (min !== undefined && value < min)
      this.problems[name] = `${label} must be at least ${min}`;
    else if (max !== undefined && value > max)
      this.problems[name] = `${label} must be at most ${max}`;
    else if (above !== undefined && value <= above) {
      this.problems[name] = `${label} must be more than ${above}`;
    } else if (below !== undefined && value >= below) {
      this.problems[name] = `${label} must be less than ${below}`;
    }
    return this;
  }

  /** A whole number within [min, max]. */
  integer(name: string, label: string, value: number, min: number, max: number): this {
    if (this.problems[name]) return this;
    if (!Number.isInteger(value)) this.problems[name] = `${label} must be a whole number`;
    return this.number(name, label, value, { min, max });
  }

  /** A problem only the inputs together show (a stop above the entry of a long, say). */
  require(name: string, holds: boolean, message: string): this {
    if (!this.problems[name] && !holds) this.problems[name] = message;
    return this;
  }

  get ok(): boolean {
    return Object.keys(this.problems).length === 0;
  }

  /** The figures when every input is usable, else the problems. */
  outcome<T>(compute: () => T): Outcome<T> {
    return this.ok ? { ok: true, value: compute() } : { ok: false, problems: this.problems };
  }
}
