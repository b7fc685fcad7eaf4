import { useMemo } from 'react';
import { renderArticle } from '../../../lib/markdown';
import { InsightContent } from './daily-insight.styles';

/**
 * A generated daily text (analysis or opinion): its Markdown structure rendered like an article's,
 * every line break kept, headings below the panel's own title.
 */
export function InsightText({ content }: { content: string }) {
  const html = useMemo(
    () => renderArticle(content, { keepLineBreaks: true, firstHeadingLevel: 3 }).html,
    [content],
  );
  // Safe by construction: renderArticle lets only an allow-list of elements through.
  return <InsightContent dangerouslySetInnerHTML={{ __html: html }} />;
}
