import { Link } from 'react-router-dom';
import { SampleBadge } from '../../../components/ui/sample-badge';
import { useSymbolSearch } from '../api/get-symbol-search';
import { Instruments } from './search-page.styles';

/** Shown before the site's results when the words name an instrument. */
const SHOWN = 5;

/**
 * Tickers and companies matching the words, each linking to its page. It shows nothing while the
 * market search has no match or cannot answer: the site's own results stand on their own.
 */
export function InstrumentMatches({ q }: { q: string }) {
  const { data } = useSymbolSearch(q);
  const matches = data?.results.slice(0, SHOWN) ?? [];
  if (matches.length === 0) return null;
  return (
    <Instruments aria-labelledby="instrument-matches-title">
      <h2 id="instrument-matches-title">
        Instruments
        {data?.sampleData && <SampleBadge />}
      </h2>
      <ul>
        {matches.map((match) => (
          <li key={match.symbol}>
            <Link to={`/stocks/${encodeURIComponent(match.symbol)}`}>
              <strong>{match.symbol}</strong> {match.name}
            </Link>
            {match.exchange && <span> · {match.exchange}</span>}
          </li>
        ))}
      </ul>
    </Instruments>
  );
}
