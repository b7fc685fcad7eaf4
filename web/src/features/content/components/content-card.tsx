import type { ContentListItem } from '@probedge/proto';
import { Eyebrow } from '../../../components/ui/page.styles';
import { truncateDescription } from '../../../lib/truncate';
import { Action, CardLink, Description, Title } from './content-card.styles';

interface ContentCardProps {
  to: string;
  label: string;
  title: string;
  description: string;
  action: string;
}

// The whole card is the link, so the click target is large and the link text names the article.
export function ContentCard({ to, label, title, description, action }: ContentCardProps) {
  return (
    <CardLink to={to}>
      <Eyebrow>{label}</Eyebrow>
      <Title>{title}</Title>
      <Description>{truncateDescription(description)}</Description>
      <Action>{action}</Action>
    </CardLink>
  );
}

/** A guide's card, under the label of its topic. */
export function GuideCard({ guide, label }: { guide: ContentListItem; label: string }) {
  return (
    <ContentCard
      to={`/guide/${guide.slug}`}
      label={label}
      title={guide.title}
      description={guide.description}
      action="Read Guide →"
    />
  );
}
