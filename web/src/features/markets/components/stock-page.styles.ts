import styled from 'styled-components';
import { ChangeText } from '../../../components/ui/market-figures.styles';
import { tableScroll } from '../../../components/ui/table-scroll.styles';

export const QuoteHeader = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

export const SymbolLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const PriceLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: baseline;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xxxl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const Change = styled(ChangeText)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Freshness = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const RangeButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};

  button {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    cursor: pointer;
  }

  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.accent};
    background: ${({ theme }) => theme.colors.accentSoft};
  }
`;

export const ChartBox = styled.div`
  width: 100%;
  height: 320px;
`;

/** Holds the chart's place while the prices load, so nothing below moves when it arrives. */
export const ChartPlaceholder = styled(ChartBox)`
  display: flex;
  align-items: center;
  justify-content: center;
`;

export const ChartNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const TableScroll = styled.div`
  ${tableScroll}

  th,
  td {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  }

  th:first-child,
  td:first-child {
    text-align: left;
  }
`;

export const NewsList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  time {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
