import { Link } from 'react-router-dom';
import { categoryLabel, isKnownCategory } from '@probedge/proto';
import { useContentList } from '../api/get-content';
import { RelatedGuides as Nav } from './article-page.styles';

/**
 * The other guides of a guide's category. /guides shows one card per category, so this list is
 * how a category's second and later guides are reached.
 */
export function RelatedGuides({ category, slug }: { category: string; slug: string }) {
  const { items: guides } = useContentList('guide');
  // Listings hide categories outside the known ten (spec section 5); so does this one.
  const others = isKnownCategory(category)
    ? guides.filter((guide) => guide.category === category && guide.slug !== slug)
    : [];
  if (others.length === 0) return null;

  const title = `More ${categoryLabel(category)} guides`;
  return (
    <Nav aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {others.map((guide) => (
          <li key={guide.slug}>
            <Link to={`/guide/${guide.slug}`}>{guide.title}</Link>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
