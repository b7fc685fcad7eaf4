import { Link } from 'react-router-dom';
import { useDailyAnalysis } from '../../../lib/daily-analysis';
import { Panel } from '../../../components/ui/section.styles';
import { NewsList } from './stock-page.styles';

/** How many of the analysis's sentences the ticker page quotes. */
const MAX_MENTIONS = 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How the analysis names a ticker: as a cashtag, or as the bare symbol in capitals and not inside a
 * longer word. A symbol of one or two letters (V, GE) reads like an ordinary word, so bare it counts
 * only where the analysis states its move ("V +1.20%").
 */
function mentionPattern(symbol: string): RegExp {
  const bare = escapeRegExp(symbol);
  const edge = '(?![A-Za-z0-9])';
  const named =
    symbol.length > 2 ? `(?<![A-Za-z0-9.$])${bare}${edge}` : `(?<![A-Za-z0-9.$])${bare} [+−-]\\d`;
  return new RegExp(`\\$${bare}${edge}|${named}`);
}

/** The sentences of the analysis that name `symbol`, in their order, at most three. */
export function sentencesMentioning(content: string, symbol: string): string[] {
  const pattern = mentionPattern(symbol);
  return content
    .split(/\n+/)
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=[A-Z$"“])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => pattern.test(sentence))
    .slice(0, MAX_MENTIONS);
}

/** Where today's analysis names the ticker; nothing at all when it does not, or there is none yet. */
export function AnalysisMentions({ symbol }: { symbol: string }) {
  const { analysis } = useDailyAnalysis();
  if (!analysis) return null;
  const mentions = sentencesMentioning(analysis.content, symbol);
  if (mentions.length === 0) return null;
  return (
    <Panel aria-labelledby="analysis-mentions-title">
      <h2 id="analysis-mentions-title">{symbol} in today&apos;s analysis</h2>
      <NewsList>
        {mentions.map((sentence) => (
          <li key={sentence}>
            <blockquote>{sentence}</blockquote>
          </li>
        ))}
      </NewsList>
      <p>
        <Link to="/analysis">Read the whole Daily Market Analysis</Link>
      </p>
    </Panel>
  );
}
