import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export const TickerList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => `${theme.space.sm} 0 0`};
  padding: 0;
  list-style: none;
`;

/** What a ticker symbol looks like wherever it can be selected: a small pill in the mono face. */
export const tickerChip = css`
  display: inline-block;
  min-height: 24px;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentHover};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 20px;
  text-decoration: none;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }
`;

export const TickerChipLink = styled(Link)`
  ${tickerChip}
`;
