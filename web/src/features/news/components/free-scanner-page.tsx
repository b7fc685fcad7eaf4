import { CLAIMS, PAGE_SIZES, SKELETON_COUNT } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { webPage } from '../../../components/seo/structured-data';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageContainer, PageHeader, PageLead, PageTitle } from '../../../components/ui/page.styles';
import { useDaytraderArticles } from '../api/get-daytrader-articles';
import { DaytraderNews } from './daytrader-news';
import { Footnote, PreviewNotice, Section, SectionTitle } from './news.styles';

const TITLE = 'Free Scanner Preview';
const DESCRIPTION =
  'A free preview of the stock scanner: sample signals and a taste of the daily market news feed.';

export function FreeScannerPage() {
  const { articles, isLoading } = useDaytraderArticles(PAGE_SIZES.freePreviewFetch);
  const shown = PAGE_SIZES.freePreviewShown;

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['free stock scanner', 'scanner preview', 'trading signals', 'market news']}
        path="/free-scanner"
        structuredData={[webPage({ name: TITLE, description: DESCRIPTION, path: '/free-scanner' })]}
      />
      <PageHeader>
        <PageTitle>{TITLE}</PageTitle>
        <PageLead>See how the scanner reads the market before you upgrade.</PageLead>
      </PageHeader>
      <PreviewNotice role="note">
        Free Preview Mode: sample data with limited detail. Upgrade for full access.
      </PreviewNotice>

      <Section aria-labelledby="sample-news">
        <SectionTitle id="sample-news">Sample Market News</SectionTitle>
        <DaytraderNews
          label="Sample news"
          articles={articles.slice(0, shown)}
          isLoading={isLoading}
          skeletons={SKELETON_COUNT.preview}
          emptyMessage="No news available right now."
        />
        <Footnote>
          Showing {shown} of {CLAIMS.dailyNewsUpdates} daily news updates
        </Footnote>
      </Section>
      <NotAdviceNote />
    </PageContainer>
  );
}
