import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { cardSurface } from '../../../components/ui/card-surface.styles';

export const Hero = styled.section`
  background:
    radial-gradient(circle at 85% 10%, rgba(127, 176, 255, 0.18), transparent 45%),
    linear-gradient(
      160deg,
      ${({ theme }) => theme.colors.navy},
      ${({ theme }) => theme.colors.navyRaised}
    );
  color: ${({ theme }) => theme.colors.onNavy};
`;

export const HeroInner = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  justify-items: start;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.layout.gutter};

  ${({ theme }) => theme.media.md} {
    padding-block: ${({ theme }) => theme.space.xxxl};
  }
`;

export const HeroTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.display};
  letter-spacing: -0.02em;
`;

export const HeroSubtitle = styled.p`
  max-width: 40ch;
  color: ${({ theme }) => theme.colors.accentOnNavy};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const HeroText = styled.p`
  max-width: 62ch;
  color: ${({ theme }) => theme.colors.onNavyMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

export const SectionTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

export const StartCard = styled(Link)`
  display: grid;
  ${cardSurface}
  box-shadow: ${({ theme }) => theme.shadows.card};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.accent};
    box-shadow: ${({ theme }) => theme.shadows.cardHover};
  }
`;

export const StartTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const StartText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StartAction = styled.span`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
