import type { OpenAPIObject, ResponseObject } from '@nestjs/swagger';
import { ERROR_SCHEMA } from '@probedge/kit';
import { withGatewayAnswers } from './gateway-answers';

const ok = { description: 'ok' };

const document: OpenAPIObject = {
  openapi: '3.0.0',
  info: { title: 'billing', version: '1' },
  paths: {
    '/api/check-subscription': { get: { responses: { '200': ok } } },
    '/api/members/sign-in': {
      post: {
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: {
          '202': ok,
          '429': {
            description: 'Too many links for this address',
            headers: { 'X-Own': { schema: { type: 'string' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } },
          },
        },
      },
    },
    '/api/billing/sandbox-checkout/{id}': {
      post: {
        requestBody: {
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
        },
        responses: { '303': ok },
      },
    },
    '/api/stripe/webhook': {
      post: {
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': ok },
      },
    },
    '/internal/thing': { get: { responses: { '200': ok } } },
  },
};

const responsesOf = (described: OpenAPIObject, path: string, method: 'get' | 'post') =>
  described.paths[path]![method]!.responses as Record<string, ResponseObject>;

describe('withGatewayAnswers', () => {
  const described = withGatewayAnswers(document, '100kb');

  it('adds 429 with Retry-After and 502, 503 and 504 to every route, with the error body', () => {
    const responses = responsesOf(described, '/api/check-subscription', 'get');
    expect(Object.keys(responses)).toEqual(['200', '429', '502', '503', '504']);
    expect(responses['429']).toMatchObject({
      description: expect.stringMatching(/^Gateway: .*rate limits/),
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDto' } } },
    });
    expect(responses['502']!.description).toBe(
      'Gateway: the billing service could not be reached.',
    );
    expect(described.components?.schemas?.ErrorDto).toEqual(ERROR_SCHEMA);
  });

  it("keeps a service's own answer, adding the gateway's description and headers", () => {
    const answer = responsesOf(described, '/api/members/sign-in', 'post')['429']!;
    expect(answer.description).toMatch(/^Too many links for this address\. Gateway: /);
    expect(Object.keys(answer.headers ?? {}).sort()).toEqual(['Retry-After', 'X-Own']);
  });

  it('adds 403 to POSTs, and 413 and 415 where a body is taken, naming the accepted types', () => {
    const form = responsesOf(described, '/api/billing/sandbox-checkout/{id}', 'post');
    expect(Object.keys(form)).toEqual(['303', '403', '413', '415', '429', '502', '503', '504']);
    expect(form['415']!.description).toBe(
      'Gateway: the body is not application/json or application/x-www-form-urlencoded.',
    );
    expect(form['413']!.description).toContain('102400 bytes');
    const webhook = responsesOf(described, '/api/stripe/webhook', 'post');
    expect(webhook['413']!.description).toContain('1048576 bytes');
  });

  it('leaves operations the route table does not have as they are', () => {
    expect(described.paths['/internal/thing']).toEqual(document.paths['/internal/thing']);
  });
});
