import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPath } from '@probedge/proto';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { AppProviders } from '../app/app';
import { AppRoutes } from '../app/router';

export interface StubResponse {
  status?: number;
  statusText?: string;
  /** Strings are sent as they are; anything else as JSON. */
  body?: unknown;
}

/** A response, a function of the request, or a promise that never settles to hold a page in loading. */
export type StubHandler =
  StubResponse | ((init: RequestInit | undefined) => StubResponse | Promise<StubResponse>);

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export function fakeResponse({ status = 200, statusText, body }: StubResponse): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: statusText ?? STATUS_TEXT[status] ?? '',
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as Response;
}

/** Empty answers for the home page's background calls, for tests that only pass through home. */
export const HOME_FEED_STUBS: Record<string, StubResponse> = {
  '/api/articles/targeted?limit=6': { body: [] },
  '/api/analysis?limit=1': { body: [] },
  '/api/articles?limit=8': { body: [] },
  '/api/market': { body: {} },
};

export function pending(): Promise<never> {
  return new Promise<never>(() => {});
}

/**
 * What pages ask in the background whatever their content, answered as for a visitor without a
 * membership on a day with no analysis written yet, and with no guides to relate: the subscription
 * check, the day's analysis and the guides list. A test's own stubs take their place.
 */
const BACKGROUND_STUBS: Record<string, StubResponse> = {
  [apiPath('checkSubscription')]: { body: { hasAccess: false } },
  [apiPath('dailyAnalysis')]: {
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: 'No analysis yet' },
  },
  [apiPath('guides')]: { body: [] },
};

/**
 * Replaces global fetch; each request is answered by the stub for its exact URL, then by
 * BACKGROUND_STUBS, or else a 501.
 */
export function stubFetch(stubs: Record<string, StubHandler> = {}): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const stub = Object.hasOwn(stubs, url) ? stubs[url] : BACKGROUND_STUBS[url];
    if (stub === undefined) return fakeResponse({ status: 501, body: `No stub for ${url}` });
    return fakeResponse(typeof stub === 'function' ? await stub(init) : stub);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** Lets answers already given reach the page: one turn of the event loop, inside React's act. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Waits until the page has asked for `url`, then lets the answer reach the page. */
export async function answered(fetchMock: jest.Mock, url: string): Promise<void> {
  await waitFor(() => expect(fetchMock.mock.calls.some(([called]) => called === url)).toBe(true));
  await settle();
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return null;
}

/** Renders the real app routes at `path` inside the app's providers, with an empty SWR cache. */
export function renderRoute(path: string, stubs?: Record<string, StubHandler>) {
  const fetchMock = stubFetch(stubs);
  let current: Location | undefined;
  const user = userEvent.setup();
  const view = render(
    <AppProviders swrConfig={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe onLocation={(location) => (current = location)} />
      </MemoryRouter>
    </AppProviders>,
  );
  /** Where the app is now, after redirects and followed links. */
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered yet.');
    return current;
  };
  return { ...view, location, user, fetchMock };
}
