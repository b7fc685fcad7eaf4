import styled from 'styled-components';
import { tableScroll } from '../ui/table-scroll.styles';

export const ToolLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

export const Fields = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  input {
    width: 100%;
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }

  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export const FieldProblem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Figures = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.xs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    font-variant-numeric: tabular-nums;
  }
`;

export const ToolNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
`;

export const Chart = styled.svg`
  width: 100%;
  height: auto;
  overflow: visible;

  polyline {
    fill: none;
    stroke: ${({ theme }) => theme.colors.accent};
    stroke-width: 2;
  }

  line {
    stroke: ${({ theme }) => theme.colors.border};
  }

  circle,
  rect {
    fill: ${({ theme }) => theme.colors.accent};
  }

  line.marker {
    stroke: ${({ theme }) => theme.colors.danger};
    stroke-dasharray: 4 3;
  }

  text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
  }
`;

export const TableScroll = styled.div`
  ${tableScroll}

  th,
  td {
    padding: ${({ theme }) => theme.space.xs};
  }
`;

export const SimulationStatus = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};

  progress {
    width: 100%;
    height: 12px;
  }

  button {
    justify-self: start;
  }
`;

/** A tool inside an article: set apart from the text, in the page's own type size. */
export const EmbedFrame = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.xl} 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};

  /* Inside an article column, panels within panels: narrower edges on small screens. */
  section {
    margin-bottom: 0;
    padding: ${({ theme }) => theme.space.md};
  }

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.lg};

    section {
      padding: ${({ theme }) => theme.space.lg};
    }
  }
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.body};

  /* Over the article's own heading and paragraph spacing. */
  && h3,
  && h4,
  && p {
    margin: 0;
  }
`;
