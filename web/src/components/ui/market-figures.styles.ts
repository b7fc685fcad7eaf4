import styled from 'styled-components';
import type { ChangeDirection } from '../../lib/market-format';

/** A daily change: green when up, red when down (the spec's colours), plain when flat. */
export const ChangeText = styled.span<{ $direction: ChangeDirection }>`
  color: ${({ $direction, theme }) =>
    $direction === 'up'
      ? theme.colors.success
      : $direction === 'down'
        ? theme.colors.danger
        : theme.colors.text};
`;

/** Labelled figures (a `dl` of term and value pairs) in as many columns as fit. */
export const FigureList = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;
