import { useParams } from 'react-router-dom';
import {
  categoryLabel,
  guideCategoryPage,
  isKnownCategory,
  type ContentCategory,
} from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { CardGrid } from '../../../components/ui/page.styles';
import { PageIntro } from '../../../components/ui/page-intro';
import { ListingStatus } from '../../../components/ui/listing-status';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { useContentList } from '../api/get-content';
import { BackLink } from './guide-category-page.styles';
import { GuideCard } from './content-card';
import { GuidesFooter } from './guides-footer';

function CategoryGuides({ category }: { category: ContentCategory }) {
  const { items: guides, isLoading } = useContentList('guide');
  const label = categoryLabel(category);
  const title = `${label} Guides`;
  const description = `Every ${label.toLowerCase()} guide on one page: probability-based trading explained in plain language, as education.`;
  const path = guideCategoryPage(category);
  const inCategory = guides.filter((guide) => guide.category === category);

  return (
    <PageShell
      head={{
        title,
        description,
        keywords: [label.toLowerCase(), 'trading guides', `${label.toLowerCase()} guide`],
        path,
        kind: 'collection',
      }}
      feeds={['guides']}
    >
      <BackLink to="/guides">← All guide topics</BackLink>
      <PageIntro
        title={title}
        lead={
          inCategory.length > 0
            ? `${inCategory.length === 1 ? 'One guide' : `${inCategory.length} guides`} on ${label.toLowerCase()}, newest first.`
            : `Guides on ${label.toLowerCase()}.`
        }
      />

      <ListingStatus
        isLoading={isLoading}
        loadingLabel={`Loading ${label.toLowerCase()} guides...`}
        isEmpty={inCategory.length === 0}
        emptyMessage={
          <>No {label.toLowerCase()} guides are available right now. Please check back soon.</>
        }
      >
        <CardGrid aria-label={`${label} guides`}>
          {inCategory.map((guide) => (
            <li key={guide.id}>
              <GuideCard guide={guide} label={label} />
            </li>
          ))}
        </CardGrid>
      </ListingStatus>

      <GuidesFooter />
    </PageShell>
  );
}

/** /guides/category/:category; a category the product does not have is the not-found page. */
export function GuideCategoryPage() {
  const { category = '' } = useParams();
  const known = category.toLowerCase();
  return isKnownCategory(known) ? <CategoryGuides category={known} /> : <NotFoundPage />;
}
