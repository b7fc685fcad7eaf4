import { css } from 'styled-components';

/**
 * A `dl` of term and value pairs in two columns: the term muted on the left, the value bold and
 * right-aligned beside it.
 */
export const termValueList = css`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-align: right;
  }
`;

/** A card's term and value pairs: its `dl` laid out as `termValueList`, the values in mono. */
export const cardTermList = css`
  dl {
    ${termValueList}

    dd {
      font-family: ${({ theme }) => theme.fonts.mono};
    }
  }
`;
