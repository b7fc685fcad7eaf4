import styled from 'styled-components';

export const Document = styled.article`
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.xxl};
  }
`;

export const LastUpdated = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Intro = styled.p`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: ${({ theme }) => theme.lineHeights.reading};
`;

export const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
  line-height: ${({ theme }) => theme.lineHeights.reading};
`;

export const SectionHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const Disclaimer = styled.p`
  margin-top: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accentSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const HomeLink = styled.p`
  margin-top: ${({ theme }) => theme.space.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
