import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import {
  REQUEST_ID_HEADER,
  SEARCH_LIMITS,
  SEARCH_TYPES,
  type SearchResponse,
  type SearchResult,
  type SearchType,
  type ServiceName,
} from '@probedge/proto';
import { EdgeCache } from '../pipeline/cache/edge-cache.service';
import { requestIdOf, sendApiError } from '../errors/api-error.util';
import {
  UpstreamProxy,
  type UpstreamAnswer,
  type UpstreamFailure,
} from '../pipeline/proxy/upstream-proxy.service';

export const SEARCH_PATH = '/api/search';

/** Who answers which part of a search: content holds guides and blogs, news the articles. */
const OWNER: Record<SearchType, ServiceName> = { guide: 'content', blog: 'content', news: 'news' };
const PARTS: readonly { service: ServiceName; types: SearchType[] }[] = [
  { service: 'content', types: ['guide', 'blog'] },
  { service: 'news', types: ['news'] },
];

/** Hits merge by rank (the services rank the same way), newer first on a tie. */
export function mergeResults(lists: SearchResult[][], limit: number): SearchResult[] {
  return lists
    .flat()
    .sort((a, b) => b.rank - a.rank || b.publishedAt.localeCompare(a.publishedAt))
    .slice(0, limit);
}

function parsed(answer: UpstreamAnswer): SearchResponse | undefined {
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as Partial<SearchResponse>;
    return Array.isArray(body.results) ? (body as SearchResponse) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/search: a search narrowed to one type goes to the service that owns it, through the
 * proxy and the response cache like any other read. A search of every type is fanned out to both
 * services at once and their hits merged by rank; when one of them fails, the other's hits are
 * still shown, with the missing types named in `unavailable`.
 */
@Injectable()
export class SearchRouter {
  constructor(
    private readonly proxy: UpstreamProxy,
    private readonly cache: EdgeCache,
  ) {}

  handle(
    req: IncomingMessage,
    res: ServerResponse,
    target: string,
    search: string,
    client: string,
  ): void {
    // The services get the target as it arrived, like any proxied request.
    const params = new URLSearchParams(search);
    const type = params.get('type');
    if (type !== null) {
      if (!(SEARCH_TYPES as readonly string[]).includes(type)) {
        sendApiError(req, res, 400, `type must be one of ${SEARCH_TYPES.join(', ')}`);
        return;
      }
      const service = OWNER[type as SearchType];
      this.cache.expect(req, target, service, SEARCH_PATH);
      this.proxy.forward(service, target, req, res, client);
      return;
    }
    // Kept like a service's answer, and dropped whenever news announces a change (content changes
    // rarely; its answers' lifetime bounds how long a merged one shows an old guide list).
    this.cache.expect(req, target, 'news', SEARCH_PATH);
    void this.fanOut(req, res, target, client, params);
  }

  private async fanOut(
    req: IncomingMessage,
    res: ServerResponse,
    target: string,
    client: string,
    params: URLSearchParams,
  ): Promise<void> {
    const settled = await Promise.allSettled(
      PARTS.map((part) => this.proxy.get(part.service, target, req, res, client)),
    );
    const answers = settled.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    // The services check the query the same way: a refusal (400) is the visitor's mistake.
    const refusal = answers.find((answer) => answer.status >= 400 && answer.status < 500);
    if (refusal) {
      this.relay(req, res, refusal);
      return;
    }
    const found: SearchResponse[] = [];
    const unavailable: SearchType[] = [];
    settled.forEach((outcome, index) => {
      const body =
        outcome.status === 'fulfilled' && outcome.value.status === 200
          ? parsed(outcome.value)
          : undefined;
      if (body) found.push(body);
      else unavailable.push(...PARTS[index].types);
    });
    if (found.length === 0) {
      const failures = settled.flatMap((outcome) =>
        outcome.status === 'rejected' ? [outcome.reason as UpstreamFailure] : [],
      );
      const all = (test: (failure: UpstreamFailure) => boolean) =>
        failures.length === settled.length && failures.every(test);
      if (all((failure) => failure.busy)) {
        sendApiError(req, res, 503, 'The search is busy; try again in a moment', {
          'retry-after': '1',
        });
      } else if (all((failure) => failure.timedOut)) {
        sendApiError(req, res, 504, 'The search did not answer in time');
      } else {
        sendApiError(req, res, 502, 'The search is unavailable');
      }
      return;
    }
    const limit = Number(params.get('limit') ?? SEARCH_LIMITS.defaultLimit);
    const body: SearchResponse = {
      query: found[0].query,
      type: 'all',
      results: mergeResults(
        found.map((part) => part.results),
        limit,
      ),
      ...(unavailable.length > 0 ? { unavailable } : {}),
    };
    const payload = JSON.stringify(body);
    // A partial answer is not kept anywhere; a whole one as long as news (the part that changes
    // most often) lets its own be kept.
    const news = settled[PARTS.findIndex((part) => part.service === 'news')];
    const cacheControl =
      unavailable.length > 0 || news.status !== 'fulfilled'
        ? 'no-store'
        : (news.value.headers['cache-control'] ?? 'no-store');
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheControl,
    };
    const bytes = Buffer.from(payload);
    this.cache.keep(req, 200, headers, bytes);
    res.writeHead(200, {
      ...headers,
      'content-length': bytes.length,
      [REQUEST_ID_HEADER]: requestIdOf(req, res),
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  /** A service's own answer (its refusal), passed on as it came. */
  private relay(req: IncomingMessage, res: ServerResponse, answer: UpstreamAnswer): void {
    res.writeHead(answer.status, {
      'content-type': answer.headers['content-type'] ?? 'application/json; charset=utf-8',
      'content-length': answer.body.length,
      'cache-control': 'no-store',
      [REQUEST_ID_HEADER]: requestIdOf(req, res),
    });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  }
}
