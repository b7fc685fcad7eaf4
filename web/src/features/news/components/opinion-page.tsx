import { PageShell } from '../../../components/ui/page-shell';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import { useNewsArticles } from '../api/get-news-articles';
import { ArticleGrid } from './article-grid';
import { DailyOpinionCard } from './daily-opinion-card';
import { Footnote } from './news.styles';

const TITLE = 'Opinion';
const SUBTITLE = 'Expert opinions and market commentary';
const DESCRIPTION = 'Expert opinions and market commentary from across the financial press.';

export function OpinionPage() {
  const { articles, error, isLoading } = useNewsArticles('opinion');

  return (
    <PageShell
      title={TITLE}
      description={DESCRIPTION}
      keywords={['market opinion', 'market commentary', 'expert opinion', 'financial news']}
      path="/opinion"
      kind="collection"
    >
      <PageIntro title={TITLE} lead={SUBTITLE} />

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
