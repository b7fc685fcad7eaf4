import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  categoryLabel,
  SEARCH_LIMITS,
  SEARCH_TYPES,
  type SearchResult,
  type SearchType,
} from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { Button } from '../../../components/ui/button-link.styles';
import { ErrorBox } from '../../../components/ui/load-error.styles';
import { Notice } from '../../../components/ui/page.styles';
import { PageIntro } from '../../../components/ui/page-intro';
import { Spinner } from '../../../components/ui/spinner';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { isSearchable, useSearch } from '../api/get-search';
import { InstrumentMatches } from './instrument-matches';
import {
  QueryRow,
  Result,
  ResultList,
  ResultMeta,
  SearchForm,
  Status,
  TypeChoices,
} from './search-page.styles';

const TYPE_LABELS: Record<SearchType, string> = { guide: 'Guides', blog: 'Blogs', news: 'News' };
const RESULT_LABELS: Record<SearchType, string> = { guide: 'Guide', blog: 'Blog', news: 'News' };

function typeFrom(value: string | null): SearchType | undefined {
  return SEARCH_TYPES.find((type) => type === value);
}

function ResultTitle({ result }: { result: SearchResult }) {
  // Guides and blogs are pages of this site; news opens the publisher's article.
  return result.type === 'news' ? (
    <a href={result.url} target="_blank" rel="noopener noreferrer">
      {result.title}
      <span className="visually-hidden"> (opens the publisher&apos;s site)</span>
    </a>
  ) : (
    <Link to={result.url}>{result.title}</Link>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  const meta = [
    RESULT_LABELS[result.type],
    result.type === 'news' ? result.source : categoryLabel(result.category),
    formatDate(result.publishedAt),
  ].filter(Boolean);
  return (
    <Result>
      <h2>
        <ResultTitle result={result} />
      </h2>
      <ResultMeta>{meta.join(' · ')}</ResultMeta>
      {result.snippet.length > 0 && (
        <p>
          {result.snippet.map((part, index) =>
            part.highlight ? <mark key={index}>{part.text}</mark> : part.text,
          )}
        </p>
      )}
    </Result>
  );
}

function failureText(error: unknown): string {
  if (error instanceof HttpError && error.status === 400) {
    return apiErrorMessage(error) ?? 'That search could not be run. Try other words.';
  }
  if (error instanceof HttpError && error.status === 429) {
    return 'Too many searches in a short time. Wait a moment and try again.';
  }
  return 'Search is unavailable right now. Please try again in a moment.';
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = typeFrom(params.get('type'));
  const [draft, setDraft] = useState(q);
  // The choice shows at once; the address (and the search) follows in a transition.
  const [typeChoice, setTypeChoice] = useState(type);
  const inputId = useId();
  const { data, error, isLoading, isValidating, mutate } = useSearch({ q, type });

  // Back and forward change the address, and the field and the choice follow it.
  useEffect(() => setDraft(q), [q]);
  useEffect(() => setTypeChoice(type), [type]);

  const go = (nextQuery: string, nextType: SearchType | undefined) => {
    const query = nextQuery.trim();
    const next = new URLSearchParams();
    if (query) next.set('q', query);
    if (nextType) next.set('type', nextType);
    setParams(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(draft, type);
  };

  const searchable = isSearchable(q);
  const current = data && data.query === q.trim() ? data : undefined;
  const results = (current ?? data)?.results ?? [];

  return (
    <PageShell
      head={{
        title: q ? `Search: ${q}` : 'Search',
        description: 'Search every guide, blog post and market news article.',
        keywords: ['search', 'trading guides', 'trading blog', 'market news'],
        path: '/search',
        kind: 'unlisted',
      }}
    >
      <PageIntro
        title="Search"
        lead="Find guides, blog posts and market news by any word in them, and tickers by symbol or company name."
      />

      <SearchForm role="search" onSubmit={onSubmit}>
        <QueryRow>
          <label htmlFor={inputId} className="visually-hidden">
            Search guides, blogs and news
          </label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={draft}
            maxLength={SEARCH_LIMITS.maxQuery}
            placeholder="e.g. position sizing, volatility, earnings"
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </QueryRow>
        <TypeChoices>
          <legend>Show</legend>
          {[undefined, ...SEARCH_TYPES].map((choice) => (
            <label key={choice ?? 'all'}>
              <input
                type="radio"
                name="type"
                value={choice ?? ''}
                checked={choice === typeChoice}
                onChange={() => {
                  setTypeChoice(choice);
                  go(draft || q, choice);
                }}
              />
              {choice ? TYPE_LABELS[choice] : 'Everything'}
            </label>
          ))}
        </TypeChoices>
      </SearchForm>

      {searchable && !type && <InstrumentMatches q={q} />}
      <div aria-live="polite">
        {!q.trim() ? (
          <Notice>Type a word or two and press Enter to search.</Notice>
        ) : !searchable ? (
          <Notice>Type at least {SEARCH_LIMITS.minQuery} characters to search.</Notice>
        ) : error ? (
          <ErrorBox role="alert">
            <p>{failureText(error)}</p>
            <Button type="button" $variant="secondary" onClick={() => void mutate()}>
              Try again
            </Button>
          </ErrorBox>
        ) : isLoading && !data ? (
          <Spinner label="Searching..." />
        ) : results.length === 0 ? (
          <Notice>
            No results for “{q.trim()}”. Try fewer or different words
            {type ? ', or search everything' : ''}.
          </Notice>
        ) : (
          <>
            <Status role="status">
              {isValidating && !current
                ? 'Searching...'
                : `${results.length === 1 ? '1 result' : `${results.length} results`} for “${q.trim()}”`}
            </Status>
            <ResultList aria-label="Search results">
              {results.map((result) => (
                <li key={`${result.type}:${result.id}`}>
                  <ResultItem result={result} />
                </li>
              ))}
            </ResultList>
          </>
        )}
      </div>
    </PageShell>
  );
}
