/** A symbol written as one, which always counts: `$AAPL`, `(NASDAQ: AAPL)`, Reuters' `(AAPL.O)`. */
export interface SymbolNotation {
  symbol: string;
  start: number;
  end: number;
}

const EXCHANGES = [
  'NYSE American',
  'NYSE Arca',
  'NYSE MKT',
  'NYSEAMERICAN',
  'NYSEARCA',
  'NYSE',
  'NasdaqGS',
  'NasdaqGM',
  'NasdaqCM',
  'Nasdaq',
  'AMEX',
  'OTCQX',
  'OTCQB',
  'OTC Markets',
  'OTC',
  'TSXV',
  'TSX',
  'LSE',
  'CBOE',
  'BATS',
]
  .map((name) => name.replace(/ /g, String.raw`\s+`))
  .join('|');

// A class share is BRK.B, or BRK/B and BRK-B as some writers have it.
const CASHTAG = /(?<![\w$])\$([A-Z]{1,5})(?:\.([A-Z]{1,2})|[/-]([A-Z]))?(?!\w)/g;
const EXCHANGE_TAG = new RegExp(
  String.raw`(?<![\w])(?:${EXCHANGES})\s*:\s*([A-Za-z]{1,5})(?:\.([A-Za-z]{1,2})|-([A-Za-z]))?(?!\w)`,
  'gi',
);
// Reuters instrument codes: .O and .OQ Nasdaq, .N NYSE; a lower-case letter is the class (BRKb.N).
const REUTERS_CODE = /\(([A-Z]{1,5})([a-z])?\.(?:OQ|O|N)\)/g;

/** A class share written BRK/B or BRK-B, in any case, as stored: BRK.B. */
export function canonicalSymbol(symbol: string): string {
  return symbol.toUpperCase().replace(/^([A-Z]{1,5})[/-]([A-Z])$/, '$1.$2');
}

function withClass(base: string, share: string | undefined): string {
  return share ? `${base}.${share}` : base;
}

/** Every symbol the text writes as a symbol, in the order written (duplicates kept). */
export function findSymbolNotations(text: string): SymbolNotation[] {
  const found: SymbolNotation[] = [];
  if (text.includes('$')) {
    for (const match of text.matchAll(CASHTAG)) {
      found.push({
        symbol: withClass(match[1]!, match[2] ?? match[3]),
        start: match.index,
        end: match.index + match[0].length,
      });
    }
  }
  if (text.includes(':')) {
    for (const match of text.matchAll(EXCHANGE_TAG)) {
      const written = match[1]! + (match[2] ?? match[3] ?? '');
      const end = match.index + match[0].length;
      // Lower case only inside parentheses, "(nasdaq: tsla)": "NYSE: the move" is prose.
      const upper = written === written.toUpperCase();
      const lower = written === written.toLowerCase() && /^\s*\)/.test(text.slice(end));
      if (!upper && !lower) continue;
      found.push({
        symbol: withClass(match[1]!.toUpperCase(), (match[2] ?? match[3])?.toUpperCase()),
        start: match.index,
        end,
      });
    }
  }
  if (text.includes('.')) {
    for (const match of text.matchAll(REUTERS_CODE)) {
      found.push({
        symbol: withClass(match[1]!, match[2]?.toUpperCase()),
        start: match.index,
        end: match.index + match[0].length,
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
