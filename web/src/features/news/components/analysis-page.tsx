import { PageMeta } from '../../../components/seo/page-meta';
import { collectionPage } from '../../../components/seo/structured-data';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageContainer, PageHeader, PageLead, PageTitle } from '../../../components/ui/page.styles';
import { useAnalysisArticles } from '../api/get-analysis-articles';
import { ArticleGrid } from './article-grid';

const TITLE = 'Analysis';
const DESCRIPTION =
  'Market analysis articles and a daily read of the market, updated through the day.';

/** Where the Daily Market Analysis panel goes; it has no data source yet, so it renders nothing. */
export function DailyAnalysisSlot() {
  return null;
}

export function AnalysisPage() {
  const { articles, error, isLoading } = useAnalysisArticles();

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['market analysis', 'stock analysis', 'daily market analysis', 'trading news']}
        path="/analysis"
        structuredData={[
          collectionPage({ name: TITLE, description: DESCRIPTION, path: '/analysis' }),
        ]}
      />
      <PageHeader>
        <PageTitle>Market Analysis</PageTitle>
        <PageLead>In-depth analysis of the stories and data moving the markets.</PageLead>
      </PageHeader>

      <DailyAnalysisSlot />

      {/* The spec shows nothing at all for an empty list, so no emptyMessage. */}
      <ArticleGrid
        label="Analysis articles"
        articles={articles}
        isLoading={isLoading}
        error={error}
        errorMessage="Failed to load analysis articles"
      />
      <NotAdviceNote />
    </PageContainer>
  );
}
