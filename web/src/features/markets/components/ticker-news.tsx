import { formatDate } from '../../../lib/format-date';
import { useTickerNews } from '../api/get-ticker-news';
import { Panel } from '../../../components/ui/section.styles';
import { NewsList } from './stock-page.styles';

/** The ticker's newest articles, each opening at its publisher; a quiet line when there are none. */
export function TickerNews({ symbol }: { symbol: string }) {
  const { data, error } = useTickerNews(symbol);
  return (
    <Panel aria-labelledby="ticker-news-title">
      <h2 id="ticker-news-title">News about {symbol}</h2>
      {error ? (
        <p>The news could not be loaded right now.</p>
      ) : !data ? (
        <p>Loading news...</p>
      ) : data.length === 0 ? (
        <p>No recent article names {symbol}.</p>
      ) : (
        <NewsList>
          {data.map((article) => (
            <li key={article.id}>
              <a href={article.url} target="_blank" rel="noopener noreferrer">
                {article.title}
                <span className="visually-hidden"> (opens the publisher&apos;s site)</span>
              </a>
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
            </li>
          ))}
        </NewsList>
      )}
    </Panel>
  );
}
