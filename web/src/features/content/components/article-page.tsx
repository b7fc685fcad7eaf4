import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { categoryLabel, type ContentItem, type ContentKind, type SiteFeed } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { article as articleJsonLd } from '../../../components/seo/structured-data';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { CtaPanel } from '../../../components/ui/cta-panel';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { Eyebrow, ReadingContainer } from '../../../components/ui/page.styles';
import { formatDate } from '../../../lib/format-date';
import { renderArticle, type ArticleHeading } from '../../../lib/markdown';
import { truncateDescription } from '../../../lib/truncate';
import { useArticle } from '../hooks/use-article';
import {
  ArticleHeader,
  BackLink,
  Body,
  EmbedPlaceholder,
  Contents,
  Lead,
  NotFoundPanel,
  Title,
  Updated,
} from './article-page.styles';
import { ArticleSkeleton } from './article-skeleton';
import { RelatedGuides } from './related-guides';

interface Variant {
  noun: string;
  listPath: string;
  backLabel: string;
  notFoundTitle: string;
  notFoundText: string;
  /** Lists the other guides of the category: /guides links only the first of each. */
  listsCategory: boolean;
  feed: SiteFeed;
}

const VARIANTS: Record<ContentKind, Variant> = {
  guide: {
    noun: 'Guide',
    listPath: '/guides',
    backLabel: '← Back to Guides',
    notFoundTitle: 'Guide Not Found',
    notFoundText: "The trading guide you're looking for doesn't exist.",
    listsCategory: true,
    feed: 'guides',
  },
  blog: {
    noun: 'Blog',
    listPath: '/blogs',
    backLabel: '← Back to Blogs',
    notFoundTitle: 'Blog Not Found',
    notFoundText: "The trading blog you're looking for doesn't exist.",
    listsCategory: false,
    feed: 'blogs',
  },
};

// Most articles embed no tool: the tools' code loads only with one that does.
const EmbeddedTool = lazy(() =>
  import('../../../components/probability-tools/embedded-tool').then((module) => ({
    default: module.EmbeddedTool,
  })),
);

/** Long articles (three sections or more) open with their table of contents. */
const CONTENTS_FROM_SECTIONS = 3;

function TableOfContents({ headings }: { headings: ArticleHeading[] }) {
  const sections = headings.filter((heading) => heading.level === 2);
  if (sections.length < CONTENTS_FROM_SECTIONS) return null;
  return (
    <Contents aria-labelledby="contents-title">
      <h2 id="contents-title">Contents</h2>
      <ol>
        {sections.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </Contents>
  );
}

function ArticleView({ article, variant }: { article: ContentItem; variant: Variant }) {
  const { pathname } = useLocation();
  const label = categoryLabel(article.category);
  const updated = formatDate(article.createdAt);
  const description = article.description || truncateDescription(article.content);
  // The same HTML on the server (prerender) and in the browser: no layout shift on hydration.
  const rendered = useMemo(
    () => renderArticle(article.content, { embedTools: true }),
    [article.content],
  );

  return (
    <article>
      <PageMeta
        title={article.title}
        description={description}
        keywords={[label, article.title, `trading ${variant.noun.toLowerCase()}`]}
        type="article"
        structuredData={[
          articleJsonLd({
            headline: article.title,
            description,
            path: pathname,
            datePublished: article.createdAt,
            section: label,
          }),
        ]}
        feeds={[variant.feed]}
      />
      <ArticleHeader>
        <Eyebrow>{label}</Eyebrow>
        <Title>{article.title}</Title>
        {article.description && <Lead>{article.description}</Lead>}
        {updated && (
          <Updated>
            Updated <time dateTime={article.createdAt}>{updated}</time> · {rendered.minutes} min
            read
          </Updated>
        )}
      </ArticleHeader>
      <TableOfContents headings={rendered.headings} />
      <Body>
        {rendered.parts.map((part, index) =>
          'html' in part ? (
            // Safe by construction: renderArticle lets only an allow-list of elements through.
            <div key={index} dangerouslySetInnerHTML={{ __html: part.html }} />
          ) : (
            <Suspense key={index} fallback={<EmbedPlaceholder aria-busy="true" />}>
              <EmbeddedTool directive={part.tool} />
            </Suspense>
          ),
        )}
      </Body>
      {variant.listsCategory && <RelatedGuides category={article.category} slug={article.slug} />}
      <NotAdviceNote>Do your own research before making any trading decision.</NotAdviceNote>
      <CtaPanel
        title="Trade with probabilities, not guesses"
        text="The Professional Trading App applies these ideas every day: ranked setups with entry, stop and target levels and position sizing."
        to="/subscribe?source=guide"
        label="Explore the Professional plan"
      />
    </article>
  );
}

/** One screen for guides and blogs; the path decides which. */
export function ArticlePage() {
  const { pathname } = useLocation();
  const { slug } = useParams();
  const kind: ContentKind = pathname.toLowerCase().startsWith('/blog/') ? 'blog' : 'guide';
  const variant = VARIANTS[kind];
  const state = useArticle(kind, slug);

  if (state.status === 'not-found') {
    return (
      <ReadingContainer>
        <PageMeta
          title={variant.notFoundTitle}
          description={variant.notFoundText}
          keywords={[`trading ${variant.noun.toLowerCase()}`]}
          noIndex
        />
        <NotFoundPanel>
          <Title>{variant.notFoundTitle}</Title>
          <Lead>{variant.notFoundText}</Lead>
          <ButtonLink to={variant.listPath} $variant="secondary">
            {variant.backLabel}
          </ButtonLink>
        </NotFoundPanel>
      </ReadingContainer>
    );
  }

  return (
    <ReadingContainer>
      <BackLink to={variant.listPath}>{variant.backLabel}</BackLink>
      {state.status === 'loading' ? (
        <>
          <PageMeta
            title={`Trading ${variant.noun}`}
            description={`Loading a trading ${variant.noun.toLowerCase()}.`}
            keywords={[`trading ${variant.noun.toLowerCase()}`]}
            feeds={[variant.feed]}
          />
          <ArticleSkeleton label={`Loading ${variant.noun.toLowerCase()}...`} />
        </>
      ) : (
        <ArticleView article={state.article} variant={variant} />
      )}
    </ReadingContainer>
  );
}
