import { Link } from 'react-router-dom';
import styled from 'styled-components';

export const BackLink = styled(Link)`
  display: inline-flex;
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;

export const ArticleHeader = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xl};
  padding-bottom: ${({ theme }) => theme.space.lg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxxl};
  letter-spacing: -0.01em;
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Updated = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// The whole article with its structure (the spec's "preformatted content"): Markdown rendered as
// headings, lists, tables, code and quotes (web/src/lib/markdown.ts), in the reading font.
export const Body = styled.div`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: ${({ theme }) => theme.lineHeights.reading};
  overflow-wrap: anywhere;

  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.xl};
  }

  /* The article's text comes in stretches between its embedded tools. */
  & > div {
    display: contents;
  }
  & > :first-child > :first-child {
    margin-top: 0;
  }
  & > :last-child > :last-child,
  & > section:last-child {
    margin-bottom: 0;
  }
  p,
  ul,
  ol,
  blockquote,
  pre {
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: ${({ theme }) => theme.space.xl} 0 ${({ theme }) => theme.space.sm};
    line-height: ${({ theme }) => theme.lineHeights.snug};
    scroll-margin-top: ${({ theme }) => theme.space.xxxl};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h4,
  h5,
  h6 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.space.lg};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
  a {
    color: ${({ theme }) => theme.colors.accentHover};
    text-decoration: underline;
  }
  blockquote {
    padding-left: ${({ theme }) => theme.space.md};
    border-left: 4px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.9em;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: 0 ${({ theme }) => theme.space.xs};
  }
  pre {
    overflow-x: auto;
    padding: ${({ theme }) => theme.space.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  pre code {
    padding: 0;
    background: none;
  }
  /* Wide tables scroll sideways inside the article instead of widening the page. */
  table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
    border-collapse: collapse;
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }

  ${({ theme }) => theme.media.belowMd} {
    padding: ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

export const Contents = styled.nav`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ol {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  a {
    color: ${({ theme }) => theme.colors.accentHover};
  }
`;

export const NotFoundPanel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

export const SkeletonStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const RelatedGuides = styled.nav`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  ul {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

/** Where an embedded tool appears once its code has loaded (an address opened within the site). */
export const EmbedPlaceholder = styled.div`
  min-height: 32rem;
  margin: ${({ theme }) => theme.space.xl} 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
`;
