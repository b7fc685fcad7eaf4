import styled from 'styled-components';
import { cardSurface } from '../ui/card-surface.styles';

export const Card = styled.article`
  display: flex;
  flex-direction: column;
  ${cardSurface}
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

export const CardTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: ${({ theme }) => theme.lineHeights.snug};
`;

export const CardDescription = styled.p`
  flex: 1;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const CardFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const CardTime = styled.time`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ReadMore = styled.a`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
