import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageIntro } from '../../../components/ui/page-intro';
import { useNewsArticles } from '../api/get-news-articles';
import { ArticleGrid } from './article-grid';
import { DailyAnalysisPanel } from './daily-analysis-panel';

export function AnalysisPage() {
  const { articles, error, isLoading } = useNewsArticles('analysis');

  return (
    <PageShell head={PAGE_HEADS.analysis} feeds={['dailyAnalysis']}>
      <PageIntro
        title="Market Analysis"
        lead="In-depth analysis of the stories and data moving the markets."
      />

      <DailyAnalysisPanel />

      {/* The spec shows nothing at all for an empty list, so no emptyMessage. */}
      <ArticleGrid
        label="Analysis articles"
        articles={articles}
        isLoading={isLoading}
        error={error}
        errorMessage="Failed to load analysis articles"
      />
      <NotAdviceNote />
    </PageShell>
  );
}
