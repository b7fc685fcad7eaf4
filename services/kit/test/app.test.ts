import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsString } from 'class-validator';
import request from 'supertest';
import { createApp, initApp, KitModule, Readiness } from '../src';
import { MAX_JSON_DEPTH } from '../src/bootstrap/json-depth.util';

class EchoBody {
  @IsString()
  text!: string;
}

@Controller('echo')
class EchoController {
  @Post()
  echo(@Body() body: EchoBody) {
    return body;
  }

  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail');
  }
}

@Module({
  imports: [KitModule.forRoot({ service: 'test', logLevel: 'silent' })],
  controllers: [EchoController],
})
class TestModule {}

describe('a kit application', () => {
  let app: NestFastifyApplication;
  let healthy = true;

  beforeAll(async () => {
    app = await createApp(TestModule, {
      bodyLimit: '1kb',
      openapi: { title: 'Test', description: 'test service' },
    });
    app.get(Readiness).register('dependency', async () => {
      if (!healthy) throw new Error('dependency down');
    });
    await initApp(app);
  });

  afterAll(() => app.close());

  it('answers liveness without dependencies', async () => {
    healthy = false;
    await request(app.getHttpServer()).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(app.getHttpServer()).get('/readyz').expect(503);
    expect(ready.body.checks.dependency).toBe('unavailable');
    healthy = true;
    await request(app.getHttpServer()).get('/readyz').expect(200);
  });

  it('exposes Prometheus metrics with request latency by route pattern and status', async () => {
    await request(app.getHttpServer()).post('/echo').send({ text: 'hi' }).expect(201);
    await request(app.getHttpServer()).post('/echo').send({}).expect(400);
    const res = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const count = (status: string) =>
      res.text
        .split('\n')
        .find(
          (line) =>
            line.startsWith('http_request_duration_seconds_count{') &&
            line.includes('method="POST"') &&
            line.includes('route="/echo"') &&
            line.includes(`status="${status}"`) &&
            line.includes('service="test"'),
        );
    expect(count('201')).toMatch(/ 1$/);
    expect(count('400')).toMatch(/ 1$/);
    expect(res.text).toContain('process_resident_memory_bytes{service="test"}');
  });

  it('answers unknown paths with the JSON error shape', async () => {
    const res = await request(app.getHttpServer()).get('/nope').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await request(app.getHttpServer())
      .post('/echo')
      .set('content-type', 'application/json')
      .send('{"text":')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toMatch(/JSON/);
  });

  it('rejects unknown and invalid fields with 400 naming them', async () => {
    const res = await request(app.getHttpServer())
      .post('/echo')
      .send({ text: 1, extra: true })
      .expect(400);
    expect(res.body.message).toContain('text must be a string');
    expect(res.body.message).toContain('extra should not exist');
  });

  it('rejects a body nested too deep with 400, before validation walks it', async () => {
    const depth = MAX_JSON_DEPTH + 1;
    const res = await request(app.getHttpServer())
      .post('/echo')
      .set('content-type', 'application/json')
      .send(`${'['.repeat(depth)}${']'.repeat(depth)}`)
      .expect(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
      requestId: res.headers['x-request-id'],
    });
  });

  it('rejects a body over the limit with 413', async () => {
    await request(app.getHttpServer())
      .post('/echo')
      .send({ text: 'x'.repeat(2000) })
      .expect(413);
  });

  it('never leaks internals on an unexpected error', async () => {
    const res = await request(app.getHttpServer()).get('/echo/boom').expect(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(res.body).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
  });

  it('keeps a well-formed request id and invents one otherwise', async () => {
    const kept = await request(app.getHttpServer()).get('/healthz').set('x-request-id', 'abc-123');
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const invented = await request(app.getHttpServer())
      .get('/healthz')
      .set('x-request-id', 'bad id<>');
    expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves its OpenAPI document', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(res.body.info.title).toBe('Test');
    expect(Object.keys(res.body.paths)).toContain('/echo');
  });

  it('tags each answer and answers a matching revalidation with 304 and no body', async () => {
    const first = await request(app.getHttpServer()).get('/healthz').expect(200);
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await request(app.getHttpServer())
      .get('/healthz')
      .set('if-none-match', first.headers.etag as string)
      .expect(304);
    expect(again.text ?? '').toBe('');
    await request(app.getHttpServer())
      .get('/healthz')
      .set('if-none-match', 'W/"other"')
      .expect(200, { status: 'ok' });
  });

  it("sets the platform's security headers, the ones the gateway's own answers carry", async () => {
    const res = await request(app.getHttpServer()).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
