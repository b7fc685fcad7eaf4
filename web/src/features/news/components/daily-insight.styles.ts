import styled from 'styled-components';

export const InsightPanel = styled.section<{ $highlight?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid
    ${({ theme, $highlight }) => ($highlight ? theme.colors.accent : theme.colors.border)};
  border-left-width: 4px;
  border-left-color: ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $highlight }) =>
    $highlight ? theme.colors.accentSoft : theme.colors.surface};
`;

export const InsightHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  align-items: baseline;
  justify-content: space-between;
`;

export const InsightTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

export const InsightMeta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Generated text: paragraphs, lists and every line break as written (rendered Markdown). */
export const InsightContent = styled.div`
  max-width: 80ch;
  line-height: ${({ theme }) => theme.lineHeights.reading};

  p,
  ul,
  ol {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  & > :last-child {
    margin-bottom: 0;
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.space.lg};
  }
  h3,
  h4,
  h5,
  h6 {
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const InsightActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
`;

export const InsightMessage = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const InsightLoading = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;
