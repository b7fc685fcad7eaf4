import { categoryLabel, isKnownCategory } from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { CtaPanel } from '../../../components/ui/cta-panel';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { CardGrid } from '../../../components/ui/page.styles';
import { PageIntro } from '../../../components/ui/page-intro';
import { ListingStatus } from '../../../components/ui/listing-status';
import { useContentList } from '../api/get-content';
import { ContentCard } from './content-card';

export function BlogsPage() {
  const { items: blogs, isLoading } = useContentList('blog');
  const visible = blogs.filter((blog) => isKnownCategory(blog.category));

  return (
    <PageShell head={PAGE_HEADS.blogs} feeds={['blogs']}>
      <PageIntro
        title={PAGE_HEADS.blogs.title}
        lead="Commentary and deep dives on markets, patterns and the habits that keep traders disciplined."
      />

      <ListingStatus
        isLoading={isLoading}
        loadingLabel="Loading trading blogs..."
        isEmpty={visible.length === 0}
        emptyMessage="No trading blogs are available right now. Please check back soon."
      >
        <CardGrid aria-label="Blog posts">
          {visible.map((blog) => (
            <li key={blog.id}>
              <ContentCard
                to={`/blog/${blog.slug}`}
                label={categoryLabel(blog.category)}
                title={blog.title}
                description={blog.description}
                action="Read Blog →"
              />
            </li>
          ))}
        </CardGrid>
      </ListingStatus>

      <CtaPanel
        title="Go beyond the blog"
        text="Subscribers get daily probability-based signals, regime detection and position sizing in the Professional Trading App."
        to="/subscribe"
        label="See the Professional plan"
      />
      <NotAdviceNote />
    </PageShell>
  );
}
