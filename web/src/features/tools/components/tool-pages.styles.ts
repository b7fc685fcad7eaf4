import styled from 'styled-components';
import { cardSurface } from '../../../components/ui/card-surface.styles';

export const ToolCard = styled.li`
  display: grid;
  ${cardSurface}

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
