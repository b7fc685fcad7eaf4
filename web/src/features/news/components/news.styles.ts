import styled from 'styled-components';
import { cardSurface, textCard } from '../../../components/ui/card-surface.styles';
import { spreadRow } from '../../../components/ui/grid.styles';
import { navyPanel } from '../../../components/ui/navy-panel.styles';
import { numberedCardList } from '../../../components/ui/step-list.styles';
import { cardTermList, termValueList } from '../../../components/ui/term-list.styles';

export {
  ActionRow as HeroActions,
  ThreeColumnList as CaseList,
  Lead,
  Prose,
  Section,
  SectionTitle,
} from '../../../components/ui/section.styles';

export const Panel = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

export const Hero = styled.section`
  ${navyPanel}
`;

export const Price = styled.strong`
  font-size: ${({ theme }) => theme.fontSizes.xxxl};
`;

export const PreviewNotice = styled.p`
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const NewsItem = styled.article`
  display: flex;
  flex-direction: column;
  ${cardSurface}

  h3 {
    flex: 1;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    line-height: ${({ theme }) => theme.lineHeights.snug};
  }

  a {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

export const Footnote = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const ActiveBanner = styled.section`
  ${spreadRow}
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.success};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Looks like a button that cannot be used yet; it is one. */
export const DisabledLook = styled.button`
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: not-allowed;
`;

export const StepList = styled.ol`
  ${numberedCardList}
  gap: ${({ theme }) => theme.space.lg};

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  li {
    display: grid;
  }

  li::before {
    content: counter(step);
    display: inline-grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onNavy};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const InfoCard = styled.article`
  ${textCard}
  ${cardTermList}
`;

export const TableWrap = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;

  caption {
    padding: ${({ theme }) => theme.space.md};
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: left;
  }

  th,
  td {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }

  td {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

export const PriceCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  max-width: 480px;
  ${cardSurface}
  height: auto;
  border-color: ${({ theme }) => theme.colors.accent};

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The preview blurs sample values so only their shape shows; the locked prices stay sharp. */
export const Blurred = styled.dl`
  ${termValueList}

  dd {
    filter: blur(1.5px);
    user-select: none;
  }
`;

export const Locked = styled.p`
  padding: ${({ theme }) => theme.space.sm};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const UpgradePanel = styled.section`
  ${navyPanel}

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;
