import * as Accordion from '@radix-ui/react-accordion';
import styled, { keyframes } from 'styled-components';

const open = keyframes`
  from { height: 0; opacity: 0; }
  to { height: var(--radix-accordion-content-height); opacity: 1; }
`;

const close = keyframes`
  from { height: var(--radix-accordion-content-height); opacity: 1; }
  to { height: 0; opacity: 0; }
`;

export const Root = styled(Accordion.Root)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Item = styled(Accordion.Item)`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;

  &[data-state='open'] {
    border-color: ${({ theme }) => theme.colors.accent};
  }
`;

export const Header = styled(Accordion.Header)`
  margin: 0;
`;

export const Trigger = styled(Accordion.Trigger)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-align: left;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.accent};
  }

  &:focus-visible {
    outline-offset: -3px;
  }
`;

export const Chevron = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1;
  transition: transform ${({ theme }) => theme.transitions.base};

  [data-state='open'] > & {
    transform: rotate(45deg);
  }
`;

export const Content = styled(Accordion.Content)`
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};

  &[data-state='open'] {
    animation: ${open} ${({ theme }) => theme.transitions.base};
  }

  &[data-state='closed'] {
    animation: ${close} ${({ theme }) => theme.transitions.base};
  }
`;

export const Answer = styled.p`
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  white-space: pre-line;
`;

export const Contact = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  margin-top: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

export const ContactHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

export const ErrorText = styled.p`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
`;
