import { useParams } from 'react-router-dom';
import {
  categoryLabel,
  guideCategoryPage,
  isKnownCategory,
  type ContentCategory,
} from '@probedge/proto';
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
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { useGuides } from '../api/get-guides';
import { BackLink } from './guide-category-page.styles';
import { ContentCard } from './content-card';
import { GuidesFooter } from './guides-footer';

function CategoryGuides({ category }: { category: ContentCategory }) {
  const { guides, isLoading } = useGuides();
  const label = categoryLabel(category);
  const title = `${label} Guides`;
  const description = `Every ${label.toLowerCase()} guide on one page: probability-based trading explained in plain language, as education.`;
  const path = guideCategoryPage(category);
  const inCategory = guides.filter((guide) => guide.category === category);

  return (
    <PageContainer>
      <PageMeta
        title={title}
        description={description}
        keywords={[label.toLowerCase(), 'trading guides', `${label.toLowerCase()} guide`]}
        path={path}
        feeds={['guides']}
        structuredData={[collectionPage({ name: title, description, path })]}
      />
      <BackLink to="/guides">← All guide topics</BackLink>
      <PageHeader>
        <PageTitle>{title}</PageTitle>
        <PageLead>
          {inCategory.length > 0
            ? `${inCategory.length === 1 ? 'One guide' : `${inCategory.length} guides`} on ${label.toLowerCase()}, newest first.`
            : `Guides on ${label.toLowerCase()}.`}
        </PageLead>
      </PageHeader>

      {isLoading ? (
        <Spinner label={`Loading ${label.toLowerCase()} guides...`} />
      ) : inCategory.length === 0 ? (
        <Notice>
          No {label.toLowerCase()} guides are available right now. Please check back soon.
        </Notice>
      ) : (
        <CardGrid aria-label={`${label} guides`}>
          {inCategory.map((guide) => (
            <li key={guide.id}>
              <ContentCard
                to={`/guide/${guide.slug}`}
                label={label}
                title={guide.title}
                description={guide.description}
                action="Read Guide →"
              />
            </li>
          ))}
        </CardGrid>
      )}

      <GuidesFooter />
    </PageContainer>
  );
}

/** /guides/category/:category; a category the product does not have is the not-found page. */
export function GuideCategoryPage() {
  const { category = '' } = useParams();
  const known = category.toLowerCase();
  return isKnownCategory(known) ? <CategoryGuides category={known} /> : <NotFoundPage />;
}
