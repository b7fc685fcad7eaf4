import styled, { css } from 'styled-components';
import type { CorrelationStrength } from '../../../content/demo';
import { cardSurface } from '../../../components/ui/card-surface.styles';
import { navySurface } from '../../../components/ui/navy-panel.styles';
import { cardTermList } from '../../../components/ui/term-list.styles';

export {
  ActionRow as LinkRow,
  ThreeColumnList as Grid,
  Lead,
  SectionTitle,
} from '../../../components/ui/section.styles';

export const Banner = styled.p`
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.06em;
  text-align: center;
`;

export const Card = styled.article`
  display: grid;
  align-content: start;
  ${cardSurface}

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  ${cardTermList}
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const kindColours = {
  'BUY SIGNAL': css`
    background: ${({ theme }) => theme.colors.successSoft};
    color: ${({ theme }) => theme.colors.success};
  `,
  WATCH: css`
    background: ${({ theme }) => theme.colors.warningSoft};
    color: ${({ theme }) => theme.colors.warning};
  `,
  SETUP: css`
    background: ${({ theme }) => theme.colors.infoSoft};
    color: ${({ theme }) => theme.colors.info};
  `,
};

export const Badge = styled.span<{ $kind: keyof typeof kindColours | 'PREMIUM' }>`
  justify-self: start;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.06em;
  ${({ $kind }) =>
    $kind === 'PREMIUM'
      ? css`
          background: ${({ theme }) => theme.colors.premiumSoft};
          color: ${({ theme }) => theme.colors.premium};
        `
      : kindColours[$kind]}
`;

export const ScanClaim = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const TableWrap = styled.div`
  overflow-x: auto;
`;

const strengthColours: Record<CorrelationStrength, ReturnType<typeof css>> = {
  'strong-positive': css`
    background: ${({ theme }) => theme.colors.successSoft};
    color: ${({ theme }) => theme.colors.success};
  `,
  'moderate-positive': css`
    background: ${({ theme }) => theme.colors.infoSoft};
    color: ${({ theme }) => theme.colors.info};
  `,
  weak: css`
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  `,
  'moderate-negative': css`
    background: ${({ theme }) => theme.colors.warningSoft};
    color: ${({ theme }) => theme.colors.warning};
  `,
  'strong-negative': css`
    background: ${({ theme }) => theme.colors.dangerSoft};
    color: ${({ theme }) => theme.colors.danger};
  `,
};

export const Matrix = styled.table`
  border-collapse: separate;
  border-spacing: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.fonts.mono};

  caption {
    margin-bottom: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-family: ${({ theme }) => theme.fonts.body};
    text-align: left;
  }

  th {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

export const MatrixCell = styled.td<{ $strength: CorrelationStrength }>`
  min-width: 64px;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: center;
  ${({ $strength }) => strengthColours[$strength]}
`;

export const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const LegendItem = styled.li<{ $strength: CorrelationStrength }>`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  ${({ $strength }) => strengthColours[$strength]}
`;

export const BayesGrid = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;

  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  div {
    ${cardSurface}
    display: grid;
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

export const ValueBlock = styled.section`
  ${navySurface}

  p {
    margin-bottom: ${({ theme }) => theme.space.lg};
  }

  h2 {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }

  h3 {
    margin-bottom: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.accentOnNavy};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

export const ValueGroups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Closing = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  ${cardSurface}
  height: auto;
`;

/** Plain text under each figure: an explanation nobody has to hover for. */
export const Explanation = styled.dd`
  && {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
  }
  color: ${({ theme }) => theme.colors.textMuted};
`;
