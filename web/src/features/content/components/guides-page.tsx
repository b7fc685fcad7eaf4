import { guideCategoryPage } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { collectionPage } from '../../../components/seo/structured-data';
import {
  CardGrid,
  Notice,
  PageContainer,
  PageHeader,
  PageLead,
  PageTitle,
} from '../../../components/ui/page.styles';
import { Spinner } from '../../../components/ui/spinner';
import { useGuideCategories } from '../hooks/use-guide-categories';
import { ContentCard } from './content-card';
import { GuidesFooter } from './guides-footer';
import { CategoryLink, TopicItem } from './guide-category-page.styles';

const TITLE = 'Trading Guides';
const DESCRIPTION =
  'Educational trading guides by topic: day trading, swing trading, exit strategy, risk management, position sizing and more.';

export function GuidesPage() {
  const { cards, isLoading } = useGuideCategories();

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={[
          'trading guides',
          'day trading',
          'swing trading',
          'risk management',
          'position sizing',
        ]}
        structuredData={[
          collectionPage({ name: TITLE, description: DESCRIPTION, path: '/guides' }),
        ]}
        feeds={['guides']}
      />
      <PageHeader>
        <PageTitle>{TITLE}</PageTitle>
        <PageLead>
          Start with the topic you want to master. Each guide explains the ideas behind
          probability-based trading in plain language.
        </PageLead>
      </PageHeader>

      {isLoading ? (
        <Spinner label="Loading trading guides..." />
      ) : cards.length === 0 ? (
        <Notice>No trading guides are available right now. Please check back soon.</Notice>
      ) : (
        <CardGrid aria-label="Guide topics">
          {cards.map(({ category, label, guide }) => (
            <TopicItem key={category}>
              <ContentCard
                to={`/guide/${guide.slug}`}
                label={label}
                title={guide.title}
                description={guide.description}
                action="Read Guide →"
              />
              <CategoryLink to={guideCategoryPage(category)}>All {label} guides →</CategoryLink>
            </TopicItem>
          ))}
        </CardGrid>
      )}

      <GuidesFooter />
    </PageContainer>
  );
}
