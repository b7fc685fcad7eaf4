import styled from 'styled-components';

export const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: center;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
  text-align: center;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
`;
