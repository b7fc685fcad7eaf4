import { Link } from 'react-router-dom';
import styled from 'styled-components';

export const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Under a topic card on /guides: the way to every guide of that topic. */
export const CategoryLink = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs} 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/** A topic on /guides: its card stretches with the row, its category link stays below it. */
export const TopicItem = styled.li`
  display: flex;
  flex-direction: column;

  > a:first-child {
    flex: 1;
    height: auto;
  }
`;
