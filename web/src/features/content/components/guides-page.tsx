import { guideCategoryPage } from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { CardGrid } from '../../../components/ui/page.styles';
import { PageIntro } from '../../../components/ui/page-intro';
import { ListingStatus } from '../../../components/ui/listing-status';
import { useGuideCategories } from '../hooks/use-guide-categories';
import { GuideCard } from './content-card';
import { GuidesFooter } from './guides-footer';
import { CategoryLink, TopicItem } from './guide-category-page.styles';

export function GuidesPage() {
  const { cards, isLoading } = useGuideCategories();

  return (
    <PageShell head={PAGE_HEADS.guides} feeds={['guides']}>
      <PageIntro
        title={PAGE_HEADS.guides.title}
        lead="Start with the topic you want to master. Each guide explains the ideas behind probability-based trading in plain language."
      />

      <ListingStatus
        isLoading={isLoading}
        loadingLabel="Loading trading guides..."
        isEmpty={cards.length === 0}
        emptyMessage="No trading guides are available right now. Please check back soon."
      >
        <CardGrid aria-label="Guide topics">
          {cards.map(({ category, label, guide }) => (
            <TopicItem key={category}>
              <GuideCard guide={guide} label={label} />
              <CategoryLink to={guideCategoryPage(category)}>All {label} guides →</CategoryLink>
            </TopicItem>
          ))}
        </CardGrid>
      </ListingStatus>

      <GuidesFooter />
    </PageShell>
  );
}
