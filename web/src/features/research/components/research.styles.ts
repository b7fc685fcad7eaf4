import * as Collapsible from '@radix-ui/react-collapsible';
import * as Tabs from '@radix-ui/react-tabs';
import styled from 'styled-components';
import { cardSurface } from '../../../components/ui/card-surface.styles';
import { cardListGrid } from '../../../components/ui/grid.styles';

export { Lead } from '../../../components/ui/section.styles';

export const TabList = styled(Tabs.List)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xl};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Tab = styled(Tabs.Trigger)`
  min-height: 44px;
  margin-bottom: -1px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md} ${({ theme }) => theme.radii.md} 0 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;

  &[data-state='active'] {
    border-color: ${({ theme }) => theme.colors.border};
    border-bottom-color: ${({ theme }) => theme.colors.background};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.accent};
  }
`;

export const TabPanel = styled(Tabs.Content)`
  &[data-state='inactive'] {
    display: none;
  }
`;

export const CaseContent = styled(Collapsible.Content)`
  &[data-state='closed'] {
    display: none;
  }
`;

export const MethodGrid = styled.ol`
  ${cardListGrid}
  margin: 0 0 ${({ theme }) => theme.space.xl};
`;

export const MethodCard = styled.article`
  display: grid;
  align-content: start;
  ${cardSurface}

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  h3 {
    margin-top: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const CaseList = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

export const CaseCard = styled.article`
  ${cardSurface}
  display: grid;
  height: auto;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export const CaseToggle = styled(Collapsible.Trigger)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-align: left;
  cursor: pointer;

  &::after {
    content: '+';
    color: ${({ theme }) => theme.colors.accent};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: 1;
  }

  &[data-state='open']::after {
    content: '−';
  }
`;

export const CaseBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }

  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const SignalTable = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  dd {
    margin: 0;
  }
`;
