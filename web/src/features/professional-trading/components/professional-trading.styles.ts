import styled from 'styled-components';
import { cardSurface, textCard } from '../../../components/ui/card-surface.styles';
import { cardListGrid } from '../../../components/ui/grid.styles';
import { navyPanel } from '../../../components/ui/navy-panel.styles';
import { numberedCardList } from '../../../components/ui/step-list.styles';

export { TwoColumnGrid as ShotGrid } from '../../../components/ui/grid.styles';
export { Prose } from '../../../components/ui/section.styles';

export const ProHero = styled.section`
  ${navyPanel}

  p {
    max-width: 68ch;
  }
`;

export const AccessBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;

  a {
    color: ${({ theme }) => theme.colors.accentOnNavy};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  button:disabled {
    border-color: ${({ theme }) => theme.colors.navyBorder};
    background: ${({ theme }) => theme.colors.navyRaised};
    color: ${({ theme }) => theme.colors.onNavyMuted};
    cursor: not-allowed;
  }
`;

export const PriceCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 520px;
  ${cardSurface}
  border: 2px solid ${({ theme }) => theme.colors.accent};

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

export const PriceLine = styled.p`
  strong {
    font-size: ${({ theme }) => theme.fontSizes.xxxl};
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const StepList = styled.ol`
  ${numberedCardList}
  gap: ${({ theme }) => theme.space.md};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  h3::before {
    content: counter(step) '. ';
    color: ${({ theme }) => theme.colors.accent};
  }
`;

export const EngineGrid = styled.ul`
  ${cardListGrid}
  margin: 0;
`;

export const EngineCard = styled.article`
  ${textCard}

  ul {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
