import styled from 'styled-components';

export const PageContainer = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.layout.gutter}
    ${({ theme }) => theme.space.xxl};

  ${({ theme }) => theme.media.md} {
    padding-top: ${({ theme }) => theme.space.xxl};
  }
`;

export const ReadingContainer = styled(PageContainer)`
  max-width: calc(
    ${({ theme }) => theme.layout.readingWidth} + 2 * ${({ theme }) => theme.layout.gutter}
  );
`;

export const PageHeader = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxxl};
  letter-spacing: -0.01em;
`;

export const PageLead = styled.p`
  max-width: 68ch;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Eyebrow = styled.span`
  display: inline-block;
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

export const CardGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: 1fr;
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Notice = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/**
 * Holds a screen's place while it loads (its code, or the figures a browser-rendered page waits
 * for), so the footer never shows high up and then moves away.
 */
export const ScreenPlaceholder = styled.div`
  min-height: 100vh;
`;
