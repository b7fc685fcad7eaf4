import styled, { css, keyframes } from 'styled-components';
import { tickerChip } from '../../../components/ui/ticker-links.styles';

const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

export const TickerBar = styled.section`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 56px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.layout.gutter};
  background: ${({ theme }) => theme.colors.navyRaised};
  color: ${({ theme }) => theme.colors.onNavy};

  h2 {
    flex: none;
    color: ${({ theme }) => theme.colors.accentOnNavy};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }

  a {
    color: ${({ theme }) => theme.colors.onNavy};
  }

  a:focus-visible {
    outline: ${({ theme }) => theme.focusRingOnNavy};
  }
`;

export const Viewport = styled.div`
  flex: 1;
  min-width: 0;
  overflow: hidden;
`;

export const Track = styled.div<{ $animated: boolean; $paused: boolean }>`
  display: flex;
  ${({ $animated, $paused }) =>
    $animated
      ? css`
          width: max-content;
          animation: ${scroll} 60s linear infinite;
          animation-play-state: ${$paused ? 'paused' : 'running'};

          ${Viewport}:hover &,
          ${Viewport}:focus-within & {
            animation-play-state: paused;
          }

          ${({ theme }) => theme.media.reducedMotion} {
            animation: none;
          }
        `
      : css`
          flex-wrap: wrap;
        `}
`;

export const Headlines = styled.ul`
  display: flex;
  flex-wrap: inherit;
  gap: ${({ theme }) => theme.space.xl};
  margin: 0;
  padding: 0 ${({ theme }) => theme.space.xl} 0 0;
  list-style: none;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const SymbolButton = styled.button`
  ${tickerChip}
  margin-left: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.navyRaised};
  color: ${({ theme }) => theme.colors.accentOnNavy};

  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingOnNavy};
  }
`;

export const PauseButton = styled.button`
  flex: none;
  min-width: 64px;
  min-height: 36px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.onNavyMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.onNavy};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;

  &:focus-visible {
    outline: ${({ theme }) => theme.focusRingOnNavy};
  }
`;
