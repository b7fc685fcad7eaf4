import type { Outcome } from '..';

/** The figures of an outcome the test expects to compute; its problems fail the test. */
export function valueOf<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`unexpected problems: ${JSON.stringify(outcome.problems)}`);
  return outcome.value;
}
