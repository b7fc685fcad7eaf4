import styled from 'styled-components';

export const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  margin-top: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.navy},
    ${({ theme }) => theme.colors.navyRaised}
  );
  color: ${({ theme }) => theme.colors.onNavy};

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.xxl};
  }
`;

export const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

export const Text = styled.p`
  max-width: 60ch;
  color: ${({ theme }) => theme.colors.onNavyMuted};
`;
