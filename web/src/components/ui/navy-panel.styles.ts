import { css } from 'styled-components';

/** A dark block of a page: light text on navy, muted paragraphs, spaced from the next block. */
export const navySurface = css`
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.navy};
  color: ${({ theme }) => theme.colors.onNavy};

  p {
    color: ${({ theme }) => theme.colors.onNavyMuted};
  }
`;

/** A navy block that opens a page or asks for the next step: its items stacked at the start. */
export const navyPanel = css`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  ${navySurface}
`;
