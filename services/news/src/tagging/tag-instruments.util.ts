import { INSTRUMENTS, type Instrument } from './instruments.constants';
import { NAME_RULES, type NameRule } from './name-rules.constants';
import { STOP_SYMBOLS } from './stop-symbols.constants';
import { findSymbolNotations, type SymbolNotation } from './symbol-notations.util';

/**
 * The instruments an article names, as symbols: upper case, first mention first (title, then
 * description), each once. Precision matters more than recall; what counts:
 *
 * - a symbol written as one (`$AAPL`, `(NYSE: JPM)`, `(AAPL.O)`), whatever the symbol;
 * - a name or alias of the instrument list, case-sensitive, as whole words (a possessive or a
 *   compound such as "Microsoft-backed" still counts), unless the words around it give it its
 *   ordinary sense (name-rules.constants.ts: "Big Apple", "Chevron doctrine"). A name that is
 *   also an ordinary word (Target, Visa, Gap, Block, Snap, Shell, Delta, Arm, Workday) needs a
 *   cue as well: a possessive, a company word within three words ("shares", "sales", "CEO",
 *   "retailer"...), another company named beside it ("Visa and Mastercard"), its symbol written
 *   in the text, or opening a wire headline in the future tense ("Block to cut jobs");
 * - a bare upper-case list symbol of three letters or more that is not a stop word, only where a
 *   ticker is plausible: before a move or a market word ("TSLA falls 4%", "MSFT stock"), after
 *   "shares of", "ticker" or "calls on", alone in parentheses (unless the words before spell it:
 *   "Defense Intelligence Agency (DIA)"), in a list with other symbols or names ("SPY, QQQ, IWM"),
 *   heading the text ("AAPL: ..."), or in a text that writes symbols with $ or an exchange. A
 *   class share written BRK.B always counts. Texts in capitals read no bare symbol nor any
 *   capitalised name of three letters or fewer ("UPS AND DOWNS").
 *
 * A name of a company with share classes gives its usual class (Alphabet → GOOGL, Berkshire →
 * BRK.B), "Class A" after it another, and a class written as a symbol in the text replaces it.
 */
export function tagInstruments(title: string, description?: string): string[] {
  const mentions = readSegment(title, 0);
  if (description) mentions.push(...readSegment(description, title.length + 1));
  return orderedSymbols(preferWrittenClasses(mentions));
}

interface Token {
  text: string;
  start: number;
  end: number;
}

interface NamePattern {
  words: readonly string[];
  /** Separators between consecutive words, normalised. */
  joins: readonly string[];
  instrument: Instrument;
  ambiguous: boolean;
  /** Capital names of three letters or fewer (UPS, GE, AT&T): not read in a text in capitals. */
  shortCapitals: boolean;
  rule: NameRule | undefined;
}

type MentionKind = 'written' | 'name' | 'bare';

interface Mention {
  symbol: string;
  /** Offset in the article: the title, a newline, the description. */
  index: number;
  kind: MentionKind;
  instrument?: Instrument;
}

/** A name or bare symbol found in one segment, before it is confirmed. */
interface Candidate {
  symbol: string;
  start: number;
  end: number;
  kind: MentionKind;
  instrument?: Instrument;
  pattern?: NamePattern;
  accepted: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const CONTEXT_CHARS = 40;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

function normaliseJoin(join: string): string {
  return join.replace(/\s+/g, ' ').replace(/[’‘`]/g, "'").replace(/[‐‑]/g, '-');
}

const isAlphanumeric = (char: string | undefined) => char !== undefined && ALPHANUMERIC.test(char);

/** First word of a name → the names starting with it, longest first. */
const NAMES = new Map<string, NamePattern[]>();
const SYMBOLS = new Map<string, Instrument>();

function addName(
  alias: string,
  instrument: Instrument,
  ambiguous: boolean,
  rule = NAME_RULES[alias],
) {
  const tokens = tokenize(alias);
  const joins = tokens
    .slice(1)
    .map((token, index) => normaliseJoin(alias.slice(tokens[index]!.end, token.start)));
  const letters = alias.replace(/[^\p{L}]/gu, '');
  const pattern: NamePattern = {
    words: tokens.map((token) => token.text),
    joins,
    instrument,
    ambiguous,
    shortCapitals: letters.length <= 3 && letters === letters.toUpperCase(),
    rule,
  };
  const first = pattern.words[0]!;
  const list = NAMES.get(first) ?? [];
  list.push(pattern);
  NAMES.set(first, list);
}

for (const instrument of INSTRUMENTS) {
  SYMBOLS.set(instrument.symbol, instrument);
  for (const alias of instrument.aliases) {
    addName(alias, instrument, false);
    // "NVIDIA BEATS": a distinctive name in capitals is still the company.
    const capitals = alias.toUpperCase();
    if (capitals !== alias && alias.replace(/[^\p{L}]/gu, '').length >= 4) {
      addName(capitals, instrument, false, NAME_RULES[alias]);
    }
  }
  for (const alias of instrument.ambiguous ?? []) addName(alias, instrument, true);
}
for (const list of NAMES.values()) list.sort((a, b) => b.words.length - a.words.length);

/** Words within three of an ambiguous name that mean the company. */
const COMPANY_CUES = new Set(
  `shares share stock inc corp corporation co ceo cfo chief boss executive executives earnings
  profit profits revenue revenues sales results quarterly quarter forecast forecasts outlook guidance
  beats misses tops posts reports reported dividend buyback layoffs shareholders investors analysts
  downgrade downgraded downgrades upgrade upgraded upgrades names hires sues sued settles agrees
  announces unveils launches recalls warns cuts raises lifts slashes trims acquire acquires buys
  stake rival rivals peers giant owner maker chain lender insurer says said plans expects`.split(
    /\s+/,
  ),
);
/** "Block to cut jobs": a wire headline's subject followed by its future tense. */
const SUBJECT_TO_VERB = /^\s+to\s+\p{Ll}/u;
/** What joins the names of a list: "Visa and Mastercard", "SPY, QQQ". */
const LIST_JOIN = /^\s*(?:,|&|\/|-|and|or|vs\.?|versus|,\s*and|,\s*or)\s*$/i;
/** A break in the text that a cue does not reach across. */
const HARD_BREAK = /[.;:!?|—–]|\s-\s/;

const BARE_FOLLOWED_BY = new RegExp(
  String.raw`^\s*(?:[+\-−–]\s?\$?\d|\(\s*[+\-−–]?\d|\d+(?:\.\d+)?\s?%|(?:up|down|higher|lower)\s+\$?\d|(?:rises?|rose|falls?|fell|gains?|gained|drops?|dropped|jumps?|jumped|slips?|slipped|slides?|slid|climbs?|climbed|sinks?|sank|surges?|surged|soars?|soared|tumbles?|tumbled|plunges?|plunged|rall(?:y|ies|ied)|dips?|dipped|rebounds?|rebounded|sheds?|adds?|added|extends?|pares?|erases?|spikes?|spiked|pops?|popped|dives?|dived|leads?|led|lags?|lagged|outperforms|underperforms|hits|nears|tops|breaks|tests|holds|gaps|shares|stock|options|calls|puts|earnings|price|chart|premarket|pre-market|after-hours|trades|trading)(?![\p{L}\p{N}]))`,
  'iu',
);
const BARE_PRECEDED_BY =
  /(?:\bshares\s+of|\bticker|\bsymbol|\b(?:calls|puts|options|bets?|bullish|bearish)\s+on|\b(?:long|short|buy|sell|own|bought|sold|buying|selling|owning)|\b(?:dip|stake|position)\s+in|\b(?:bull|bear)\s+case\s+for|\binflows\s+(?:into|to)|\boutflows\s+from|\bETFs?\s+(?:like|such\s+as))\s*:?\s*$/i;
const FUNCTION_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'on', 'to', 'de']);

/** The instruments one segment (title or description) names, confirmed, in order. */
function readSegment(text: string, offset: number): Mention[] {
  const written = findSymbolNotations(text);
  const tokens = tokenize(text);
  const inCapitals = isInCapitals(text);
  const candidates: Candidate[] = written.map((notation) => ({
    ...notation,
    kind: 'written',
    accepted: true,
  }));
  let writtenAt = 0;
  for (let index = 0; index < tokens.length;) {
    const token = tokens[index]!;
    while (writtenAt < written.length && written[writtenAt]!.end <= token.start) writtenAt += 1;
    if (covered(written[writtenAt], token)) {
      index += 1;
      continue;
    }
    const pattern = matchName(text, tokens, index);
    if (pattern) {
      const last = tokens[index + pattern.words.length - 1]!;
      if (
        !(inCapitals && pattern.shortCapitals) &&
        nameCounts(text, token.start, last.end, pattern)
      ) {
        candidates.push({
          symbol: classSymbol(text, last.end, pattern.instrument),
          start: token.start,
          end: last.end,
          kind: 'name',
          instrument: pattern.instrument,
          pattern,
          accepted: !pattern.ambiguous,
        });
      }
      index += pattern.words.length;
      continue;
    }
    const bare = inCapitals ? undefined : bareSymbol(text, tokens, index);
    if (bare) {
      candidates.push(bare);
      index += bare.symbol.includes('.') ? 2 : 1;
      continue;
    }
    index += 1;
  }
  confirm(text, tokens, candidates, written.length > 0);
  return candidates
    .filter((candidate) => candidate.accepted)
    .map((candidate) => ({
      symbol: candidate.symbol,
      index: offset + candidate.start,
      kind: candidate.kind,
      instrument: candidate.instrument,
    }));
}

function covered(notation: SymbolNotation | undefined, token: Token): boolean {
  return notation !== undefined && notation.start <= token.start && token.end <= notation.end;
}

/** A shouted text, "FED HOLDS RATES; UPS FALLS": its capitals say nothing about names. */
function isInCapitals(text: string): boolean {
  let letters = 0;
  let capitals = 0;
  for (const char of text) {
    if (char >= 'A' && char <= 'Z') capitals += 1;
    else if (!(char >= 'a' && char <= 'z')) continue;
    letters += 1;
  }
  return letters >= 12 && capitals / letters >= 0.8;
}

/** The longest name of the list that the text spells from this word. */
function matchName(text: string, tokens: Token[], index: number): NamePattern | undefined {
  const patterns = NAMES.get(tokens[index]!.text);
  if (!patterns) return undefined;
  for (const pattern of patterns) {
    if (index + pattern.words.length > tokens.length) continue;
    let matches = true;
    for (let offset = 1; offset < pattern.words.length && matches; offset++) {
      const previous = tokens[index + offset - 1]!;
      const current = tokens[index + offset]!;
      matches =
        current.text === pattern.words[offset] &&
        normaliseJoin(text.slice(previous.end, current.start)) === pattern.joins[offset - 1];
    }
    if (matches) return pattern;
  }
  return undefined;
}

/** Whole words (not "$3M", "go.apple", "apple.com"), and not in an ordinary sense. */
function nameCounts(text: string, start: number, end: number, pattern: NamePattern): boolean {
  const before = text[start - 1];
  if (before === '$' || before === '@' || before === '#') return false;
  if ((before === '.' || before === '&') && isAlphanumeric(text[start - 2])) return false;
  const after = text[end];
  if ((after === '.' || after === '&') && isAlphanumeric(text[end + 1])) return false;
  const rule = pattern.rule;
  if (rule?.precededBy?.test(text.slice(Math.max(0, start - CONTEXT_CHARS), start))) return false;
  if (rule?.followedBy?.test(text.slice(end, end + CONTEXT_CHARS))) return false;
  return true;
}

const CLASS_AFTER_NAME =
  /^(?:['’]s)?\s+(?:Inc\.?\s+|Corp\.?\s+)?[Cc]lass\s+([A-Z])(?![\p{L}\p{N}])/u;

/** "Berkshire's Class A shares": the class named after the company's name. */
function classSymbol(text: string, end: number, instrument: Instrument): string {
  if (!instrument.classes) return instrument.symbol;
  const share = CLASS_AFTER_NAME.exec(text.slice(end, end + CONTEXT_CHARS))?.[1];
  return (share && instrument.classes[share]) ?? instrument.symbol;
}

/** A list symbol in capitals, not a stop word, with whether the words around it make it a ticker. */
function bareSymbol(text: string, tokens: Token[], index: number): Candidate | undefined {
  const token = tokens[index]!;
  if (!/^[A-Z]{3,5}$/.test(token.text) || text[token.start - 1] === '$') return undefined;
  const next = tokens[index + 1];
  if (next && /^[A-Z]$/.test(next.text) && /^[./-]$/.test(text.slice(token.end, next.start))) {
    const symbol = `${token.text}.${next.text}`;
    const after = text[next.end];
    const whole = !isAlphanumeric(after) && !(after === '.' && isAlphanumeric(text[next.end + 1]));
    if (whole && SYMBOLS.has(symbol)) {
      return { symbol, start: token.start, end: next.end, kind: 'bare', accepted: true };
    }
  }
  if (!SYMBOLS.has(token.text) || STOP_SYMBOLS.has(token.text)) return undefined;
  const before = text.slice(Math.max(0, token.start - CONTEXT_CHARS), token.start);
  const after = text.slice(token.end, token.end + CONTEXT_CHARS);
  const accepted =
    BARE_FOLLOWED_BY.test(after) ||
    BARE_PRECEDED_BY.test(before) ||
    (index === 0 && /^\s*:/.test(after)) ||
    (/\(\s*$/.test(before) && /^\s*[),;/]/.test(after) && !spelledOut(tokens, index));
  return { symbol: token.text, start: token.start, end: token.end, kind: 'bare', accepted };
}

/** "Defense Intelligence Agency (DIA)": the words before the parenthesis spell the capitals. */
function spelledOut(tokens: Token[], index: number): boolean {
  const symbol = tokens[index]!.text;
  const initials = tokens
    .slice(Math.max(0, index - 2 * symbol.length), index)
    .filter((token) => !FUNCTION_WORDS.has(token.text))
    .slice(-symbol.length)
    .map((token) => token.text[0]!.toUpperCase())
    .join('');
  return initials === symbol;
}

/**
 * Ambiguous names and bare symbols left waiting: a cue or a written symbol confirms one, and so
 * does a confirmed neighbour in a list, so "Target, Gap shares fall" confirms both.
 */
function confirm(text: string, tokens: Token[], candidates: Candidate[], writesSymbols: boolean) {
  const writtenSymbols = new Set(
    candidates.filter((candidate) => candidate.kind === 'written').map((c) => c.symbol),
  );
  for (const candidate of candidates) {
    if (candidate.accepted) continue;
    if (candidate.kind === 'bare') candidate.accepted = writesSymbols;
    else
      candidate.accepted = writtenSymbols.has(candidate.symbol) || hasCue(text, tokens, candidate);
  }
  const pending = candidates.filter((candidate) => !candidate.accepted);
  for (let changed = pending.length > 0; changed;) {
    changed = false;
    for (const candidate of pending) {
      if (candidate.accepted) continue;
      const neighbour = candidates.some(
        (other) =>
          other !== candidate &&
          (other.accepted || (candidate.kind === 'bare' && other.kind === 'bare')) &&
          (LIST_JOIN.test(text.slice(other.end, candidate.start)) ||
            LIST_JOIN.test(text.slice(candidate.end, other.start))),
      );
      if (neighbour) {
        candidate.accepted = true;
        changed = true;
      }
    }
  }
}

/**
 * A possessive, a company word within three words on either side (not across a sentence break),
 * or the name heading the text in "Shell to buy back shares".
 */
function hasCue(text: string, tokens: Token[], candidate: Candidate): boolean {
  const after = text.slice(candidate.end, candidate.end + CONTEXT_CHARS);
  if (/^['’]s(?![\p{L}\p{N}])/u.test(after)) return true;
  if (candidate.start === 0 && SUBJECT_TO_VERB.test(after)) return true;
  const first = tokens.findIndex((token) => token.start === candidate.start);
  const last = tokens.findIndex((token) => token.end === candidate.end);
  const words: string[] = [];
  for (let index = first - 1, taken = 0; index >= 0 && taken < 3; index--, taken++) {
    if (HARD_BREAK.test(text.slice(tokens[index]!.end, tokens[index + 1]!.start))) break;
    words.unshift(tokens[index]!.text.toLowerCase());
  }
  words.push('|');
  for (let index = last + 1, taken = 0; index < tokens.length && taken < 3; index++, taken++) {
    if (HARD_BREAK.test(text.slice(tokens[index - 1]!.end, tokens[index]!.start))) break;
    words.push(tokens[index]!.text.toLowerCase());
  }
  if (words.some((word) => COMPANY_CUES.has(word))) return true;
  const window = ` ${words.join(' ')} `;
  // The window holds words, so "big-box" is looked for as "big box".
  return (candidate.pattern?.rule?.cues ?? []).some((cue) =>
    window.includes(` ${cue.replace(/-/g, ' ')} `),
  );
}

/** A class written as a symbol ($GOOG, "(NYSE: BRK.A)") stands for the company over its name. */
function preferWrittenClasses(mentions: Mention[]): Mention[] {
  const symbols = new Set(
    mentions.filter((mention) => mention.kind !== 'name').map((mention) => mention.symbol),
  );
  return mentions.filter((mention) => {
    const classes = mention.kind === 'name' ? mention.instrument?.classes : undefined;
    if (!classes) return true;
    return !Object.values(classes).some(
      (symbol) => symbol !== mention.symbol && symbols.has(symbol),
    );
  });
}

function orderedSymbols(mentions: Mention[]): string[] {
  return [
    ...new Set([...mentions].sort((a, b) => a.index - b.index).map((mention) => mention.symbol)),
  ];
}

/** Every symbol of the instrument list. */
export const LISTED_SYMBOLS: ReadonlySet<string> = new Set(SYMBOLS.keys());
