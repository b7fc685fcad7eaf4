import * as Toast from '@radix-ui/react-toast';
import styled, { css, keyframes } from 'styled-components';
import type { ToastVariant } from '../../lib/toast-store';

const slideIn = keyframes`
  from { transform: translateX(calc(100% + 24px)); }
  to { transform: translateX(0); }
`;

const fadeOut = keyframes`
  from { opacity: 1; }
  to { opacity: 0; }
`;

export const Viewport = styled(Toast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: min(400px, 100vw);
  margin: 0;
  padding: ${({ theme }) => theme.space.lg};
  list-style: none;
  outline: none;
`;

export const Root = styled(Toast.Root)<{ $variant: ToastVariant }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  align-items: start;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.cardHover};

  ${({ $variant, theme }) =>
    $variant === 'destructive' &&
    css`
      border-color: ${theme.colors.danger};
      background: ${theme.colors.danger};
      color: ${theme.colors.onNavy};
    `}

  &[data-state='open'] {
    animation: ${slideIn} ${({ theme }) => theme.transitions.base};
  }

  &[data-state='closed'] {
    animation: ${fadeOut} ${({ theme }) => theme.transitions.fast};
  }

  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }

  &[data-swipe='end'] {
    animation: ${fadeOut} ${({ theme }) => theme.transitions.fast};
  }
`;

export const Title = styled(Toast.Title)`
  grid-column: 1;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const Description = styled(Toast.Description)`
  grid-column: 1;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Close = styled(Toast.Close)`
  grid-column: 2;
  grid-row: 1;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1;
  cursor: pointer;
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
`;
