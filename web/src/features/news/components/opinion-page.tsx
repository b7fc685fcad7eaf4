import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import { useNewsArticles } from '../api/get-news-articles';
import { ArticleGrid } from './article-grid';
import { DailyOpinionCard } from './daily-opinion-card';
import { Footnote } from './news.styles';

const SUBTITLE = 'Expert opinions and market commentary';

export function OpinionPage() {
  const { articles, error, isLoading } = useNewsArticles('opinion');

  return (
    <PageShell head={PAGE_HEADS.opinion}>
      <PageIntro title={PAGE_HEADS.opinion.title} lead={SUBTITLE} />

      <DailyOpinionCard />

      <ArticleGrid
        label="Opinion articles"
        articles={articles}
        isLoading={isLoading}
        error={error}
        errorMessage="Failed to load opinion articles"
        emptyMessage="No opinion articles available at the moment"
      />

      <Footnote>
        Actionable trade setups are available on the platform. These opinions are not financial
        advice; always do your own research before trading.
      </Footnote>
      <NotAdviceNote />
    </PageShell>
  );
}
