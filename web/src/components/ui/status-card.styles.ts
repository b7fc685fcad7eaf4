import styled from 'styled-components';

/** A centred card that states where a visitor stands (signed in, subscribed, unsubscribed). */
export const StatusCard = styled.section<{ $tone?: 'neutral' | 'success' | 'danger' }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: center;
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid
    ${({ theme, $tone = 'neutral' }) =>
      $tone === 'success'
        ? theme.colors.success
        : $tone === 'danger'
          ? theme.colors.danger
          : theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
`;

export const StatusText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ButtonStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  max-width: 360px;
`;
