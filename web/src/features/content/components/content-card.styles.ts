import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { cardSurface } from '../../../components/ui/card-surface.styles';

export const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  ${cardSurface}
  box-shadow: ${({ theme }) => theme.shadows.card};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  transition:
    box-shadow ${({ theme }) => theme.transitions.base},
    transform ${({ theme }) => theme.transitions.base},
    border-color ${({ theme }) => theme.transitions.base};

  &:hover {
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.accent};
    box-shadow: ${({ theme }) => theme.shadows.cardHover};
    transform: translateY(-2px);
  }
`;

export const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: ${({ theme }) => theme.lineHeights.snug};
`;

export const Description = styled.p`
  flex: 1;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Action = styled.span`
  margin-top: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
