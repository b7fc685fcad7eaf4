import { css } from 'styled-components';

/** The bordered box every listing card sits in, filling its grid cell. */
export const cardSurface = css`
  gap: ${({ theme }) => theme.space.sm};
  height: 100%;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A card of a heading over muted text and perhaps a bullet list, packed at its top. */
export const textCard = css`
  display: grid;
  align-content: start;
  ${cardSurface}

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;
