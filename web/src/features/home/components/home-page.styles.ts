import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { cardSurface } from '../../../components/ui/card-surface.styles';

export { TwoColumnGrid as ShotRow } from '../../../components/ui/grid.styles';

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

export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xxl};
`;

export const Stories = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.xl} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

export const StoryCard = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  height: 100%;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.navyBorder};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.navyRaised};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  span {
    color: ${({ theme }) => theme.colors.accentOnNavy};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  p {
    color: ${({ theme }) => theme.colors.onNavyMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const StoriesTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const StoriesNote = styled.p`
  color: ${({ theme }) => theme.colors.onNavyMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Columns = styled.div<{ $columns?: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr));
  }
`;

export const InfoBlock = styled.section`
  display: grid;
  align-content: start;
  ${cardSurface}

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

export const PlanGrid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const PlanCard = styled.article<{ $featured: boolean }>`
  display: grid;
  align-content: start;
  justify-items: start;
  ${cardSurface}
  gap: ${({ theme }) => theme.space.md};
  border-color: ${({ $featured, theme }) => ($featured ? theme.colors.accent : theme.colors.border)};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const PlanPrice = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xxxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const PowerLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr);
  }

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }

  li + li {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;

export const ShotFigure = styled.figure`
  margin: 0;

  svg {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
  }

  figcaption {
    margin-top: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
