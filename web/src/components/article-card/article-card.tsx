import { relativeTime } from '../../lib/relative-time';
import { truncateDescription } from '../../lib/truncate';
import { TickerLinks } from '../ui/ticker-links';
import {
  Card,
  CardDescription,
  CardFooter,
  CardTime,
  CardTitle,
  ReadMore,
} from './article-card.styles';

export interface ArticleCardProps {
  title: string;
  description?: string | null;
  url: string;
  publishedAt: string;
  /** The instruments the article names; each links to its ticker page. */
  tickers?: readonly string[];
  /** Fixed "now" for the relative time; the current time by default. */
  now?: Date;
  /** 3 when the grid sits under a section heading, so the outline does not skip a level. */
  headingLevel?: 2 | 3;
}

/** A news article from an outside publisher: the link leaves the site, so it opens in a new tab. */
export function ArticleCard({
  title,
  description,
  url,
  publishedAt,
  tickers,
  now,
  headingLevel = 2,
}: ArticleCardProps) {
  return (
    <Card>
      <CardTitle as={`h${headingLevel}`}>{title}</CardTitle>
      <CardDescription>{truncateDescription(description)}</CardDescription>
      <TickerLinks tickers={tickers} />
      <CardFooter>
        <CardTime dateTime={publishedAt}>{relativeTime(publishedAt, now)}</CardTime>
        {/* noopener/noreferrer: the outside page gets no handle on this window and no referrer. */}
        <ReadMore href={url} target="_blank" rel="noopener noreferrer">
          Read More
        </ReadMore>
      </CardFooter>
    </Card>
  );
}
