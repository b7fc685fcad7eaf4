import styled, { css } from 'styled-components';

/** One column, two side by side from the md breakpoint (screenshots and the like). */
export const TwoColumnGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A wrapping row with its items pushed to both ends. Callers set the gap and the alignment. */
export const spreadRow = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
`;

/** A plain list of cards: one column, two from md, three from lg. Callers set the margin. */
export const cardListGrid = css`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;
