import { apiErrorMessage, apiGet, keyUrl, apiPost, failureLogLine, HttpError } from '../api-client';
import { fakeResponse, stubFetch } from '../../test/render-route';

describe('keyUrl', () => {
  it('joins key segments with slashes', () => {
    expect(keyUrl(['/api/guides'])).toBe('/api/guides');
    expect(keyUrl(['/api/guides', 'risk-101'])).toBe('/api/guides/risk-101');
    expect(keyUrl(['/api/articles', 'page', 2])).toBe('/api/articles/page/2');
  });

  it('encodes every segment after the first', () => {
    expect(keyUrl(['/api/guides', 'a b/c?d'])).toBe('/api/guides/a%20b%2Fc%3Fd');
  });

  it('turns a trailing object into query parameters and skips empty values', () => {
    expect(keyUrl(['/api/business', { limit: 12 }])).toBe('/api/business?limit=12');
    expect(
      keyUrl(['/api/articles', { category: 'stocks & more', limit: 8, page: undefined }]),
    ).toBe('/api/articles?category=stocks+%26+more&limit=8');
    expect(keyUrl(['/api/articles', { category: undefined }])).toBe('/api/articles');
  });
});

describe('apiGet', () => {
  it('sends a GET with credentials included and resolves to the JSON body', async () => {
    const fetchMock = stubFetch({ '/api/guides/x': { body: { title: 'X' } } });

    await expect(apiGet(['/api/guides', 'x'])).resolves.toEqual({ title: 'X' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/guides/x',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('throws "status: body" when a non-OK response has a body', async () => {
    stubFetch({ '/api/guides': { status: 503, body: 'content service down' } });

    const error = await apiGet(['/api/guides']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('503: content service down');
    expect((error as HttpError).status).toBe(503);
    expect(failureLogLine(error)).toBe('503: content service down');
  });

  it('throws "status: statusText" when a non-OK response has no body', async () => {
    stubFetch({ '/api/guides': { status: 404, statusText: 'Not Found' } });

    await expect(apiGet(['/api/guides'])).rejects.toThrow(new Error('404: Not Found'));
  });

  it('raises the catalogue message as it is written when one is given, keeping status and body', async () => {
    stubFetch({ '/api/guides/x': { status: 404, body: '{"message":"missing"}' } });

    const error = await apiGet(['/api/guides', 'x'], {
      failureMessage: 'Failed to fetch guide',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Failed to fetch guide');
    expect((error as HttpError).detail).toBe('404: {"message":"missing"}');
    expect((error as HttpError).status).toBe(404);
    expect(failureLogLine(error)).toBe('Failed to fetch guide (404: {"message":"missing"})');
  });

  it('throws on 401 by default and yields null when asked to', async () => {
    stubFetch({ '/api/check-subscription': { status: 401, body: 'no session' } });

    await expect(apiGet(['/api/check-subscription'])).rejects.toThrow('401: no session');
    await expect(
      apiGet(['/api/check-subscription'], { onUnauthorized: 'return-null' }),
    ).resolves.toBeNull();
  });

  it('reads the body of a 401 it turns into null, so the browser can end the request', async () => {
    // An unread body keeps the request open in the browser: the page never goes network-idle.
    const response = fakeResponse({ status: 401, body: 'no session' });
    const read = jest.spyOn(response, 'text');
    globalThis.fetch = jest.fn(async () => response) as unknown as typeof fetch;

    await expect(
      apiGet(['/api/members/me'], { onUnauthorized: 'return-null' }),
    ).resolves.toBeNull();
    await expect(
      apiPost('/api/members/sign-out', undefined, { onUnauthorized: 'return-null' }),
    ).resolves.toBeNull();
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe('apiPost', () => {
  it('posts JSON with credentials included and resolves to the JSON answer', async () => {
    const fetchMock = stubFetch({
      '/api/create-checkout-session': { body: { url: 'https://pay' } },
    });

    await expect(
      apiPost('/api/create-checkout-session', { tier: 'professional' }),
    ).resolves.toEqual({
      url: 'https://pay',
    });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"tier":"professional"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no body when none is given and resolves to null for an empty answer', async () => {
    const fetchMock = stubFetch({ '/api/generate-analysis': { status: 202 } });

    await expect(apiPost('/api/generate-analysis')).resolves.toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBeUndefined();
  });

  it('follows the same error rule as GET', async () => {
    stubFetch({ '/api/activate-subscription': { status: 400, body: 'sessionId is required' } });

    await expect(apiPost('/api/activate-subscription', {})).rejects.toThrow(
      '400: sessionId is required',
    );
  });
});

describe('apiErrorMessage', () => {
  it("reads the server's message from a JSON error body", async () => {
    stubFetch({
      '/api/generate-analysis': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'No articles yet' },
      },
    });
    const error = await apiPost('/api/generate-analysis').catch((caught: unknown) => caught);
    expect((error as HttpError).body).toContain('No articles yet');
    expect(apiErrorMessage(error)).toBe('No articles yet');
  });

  it('joins a list of validation messages', () => {
    const error = new HttpError(400, '400', JSON.stringify({ message: ['a is bad', 'b is bad'] }));
    expect(apiErrorMessage(error)).toBe('a is bad b is bad');
  });

  it('gives nothing for a text body, an empty body or another error', () => {
    expect(apiErrorMessage(new HttpError(503, '503', 'down'))).toBeUndefined();
    expect(apiErrorMessage(new HttpError(503, '503'))).toBeUndefined();
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
