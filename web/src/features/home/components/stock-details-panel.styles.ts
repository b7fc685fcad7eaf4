import styled from 'styled-components';
import { spreadRow } from '../../../components/ui/grid.styles';

export const PanelBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const PanelHeader = styled.div`
  ${spreadRow}
  gap: ${({ theme }) => theme.space.md};
  align-items: start;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }

  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;
