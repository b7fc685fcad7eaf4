import styled from 'styled-components';

/** A block of a page, spaced from the next one. */
export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.xxl};
`;

export const SectionTitle = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

/** A muted paragraph of body text inside a section. */
export const Prose = styled.p`
  max-width: 72ch;
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The muted opening paragraph of a section or tab. */
export const Lead = styled.p`
  max-width: 72ch;
  margin-bottom: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A wrapping row of buttons or links. */
export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

/** A plain list laid out as one column, three from the md breakpoint. */
export const ThreeColumnList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

/** A bordered block of a page with its own heading (a ticker's news, a tool's inputs). */
export const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;
