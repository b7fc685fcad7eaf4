import { Fragment, type ReactNode } from 'react';

export interface TermPair {
  label: string;
  value: ReactNode;
}

/** The `dt` and `dd` of each labelled figure, in order; the caller gives the `dl`. */
export function TermPairs({ pairs }: { pairs: readonly TermPair[] }) {
  return pairs.map(({ label, value }) => (
    <Fragment key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </Fragment>
  ));
}
