import { randomBytes } from 'node:crypto';
import {
  deliverWebhook,
  postWrittenBy,
  send,
  useGatewayWithUpstreams,
  type RawResponse,
} from './support/gateway';

describe('request bodies', () => {
  const fixture = useGatewayWithUpstreams();
  beforeEach(() => Object.values(fixture.upstreams).forEach((upstream) => upstream.reset()));

  /** Billing got the body as sent, with the type and length it was sent with; returns what it got. */
  const expectBillingGot = (res: RawResponse, body: Buffer) => {
    expect(res.status).toBe(200);
    const received = fixture.upstreams.billing.last!;
    expect(received.body.equals(body)).toBe(true);
    expect(received.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(received.headers['content-length']).toBe(String(body.length));
    return received;
  };

  it('keeps a JSON body byte-identical, whitespace and unicode included', async () => {
    const body = Buffer.from(
      '{ "tier" :\t"pro" ,\n  "note": "Δ 📈 — ½ \\u00e9\\n",  "n":1.50e+2 }\r\n',
      'utf8',
    );
    const res = await send(fixture.gateway.url, '/api/create-checkout-session', {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
      },
      body,
    });

    expectBillingGot(res, body);
  });

  it('passes a raw webhook body through byte for byte with its signature header', async () => {
    const body = Buffer.concat([
      Buffer.from('t=1,v1=\x00\xff'),
      randomBytes(4096),
      Buffer.from('  \n'),
    ]);
    const signature =
      't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd';
    // Stripe's own headers; the bytes need not even be valid UTF-8 to pass untouched.
    const res = await deliverWebhook(fixture.gateway.url, body, signature);

    const received = expectBillingGot(res, body);
    expect(received.headers['stripe-signature']).toBe(signature);
  });

  it('streams a chunked body without a content length unchanged', async () => {
    const body = Buffer.from('{"email":"trader@example.com"}');
    const res = await send(fixture.gateway.url, '/api/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
    });

    expect(res.status).toBe(200);
    expect(fixture.upstreams.content.last!.body.equals(body)).toBe(true);
  });

  it('answers Expect: 100-continue itself and then passes the body on', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'waits@example.com', pad: 'x'.repeat(2048) }));
    const status = await postWrittenBy(
      fixture.gateway.url,
      '/api/newsletter',
      {
        'content-type': 'application/json',
        'content-length': String(body.length),
        expect: '100-continue',
      },
      // The body leaves only once the gateway said to go on.
      (req) => req.once('continue', () => req.end(body)),
    );

    expect(status).toBe(200);
    const received = fixture.upstreams.content.last!;
    expect(received.body.equals(body)).toBe(true);
    expect(received.headers.expect).toBeUndefined();
  });

  it('streams a large answer of unknown length to the client byte for byte', async () => {
    const answer = randomBytes(3 * 1024 * 1024 + 17);
    fixture.upstreams.news.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let offset = 0;
      const next = () => {
        while (offset < answer.length) {
          const chunk = answer.subarray(offset, offset + 48 * 1024);
          offset += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', next);
        }
        res.end();
      };
      next();
    };
    const res = await send(fixture.gateway.url, '/api/business');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.body.equals(answer)).toBe(true);
  });
});
