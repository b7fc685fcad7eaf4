import { css } from 'styled-components';

/** A box of at most 320px that scrolls a table of right-aligned figures; callers pad the cells. */
export const tableScroll = css`
  max-height: 320px;
  overflow: auto;

  table {
    width: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }

  th,
  td {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
  }
`;
