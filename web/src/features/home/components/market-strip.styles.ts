import styled from 'styled-components';
import { spreadRow } from '../../../components/ui/grid.styles';
import { ChangeText } from '../../../components/ui/market-figures.styles';

export const Strip = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

export const StripHeader = styled.div`
  ${spreadRow}
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export const QuoteList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const QuoteButton = styled.button`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  width: 100%;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover,
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.accent};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  span:first-child {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

export const Move = styled(ChangeText)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Spaced as the home page's sections are (its styles stay in the landing route's chunk). */
export const MarketBlock = styled.div`
  margin-bottom: ${({ theme }) => theme.space.xxl};
`;
