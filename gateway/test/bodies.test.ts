import { randomBytes } from 'node:crypto';
import { send, useGatewayWithUpstreams } from './support/gateway';

describe('request bodies', () => {
  const fixture = useGatewayWithUpstreams();

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

    expect(res.status).toBe(200);
    const received = fixture.upstreams.billing.last!;
    expect(received.body.equals(body)).toBe(true);
    expect(received.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(received.headers['content-length']).toBe(String(body.length));
  });

  it('passes a raw webhook body through byte for byte with its signature header', async () => {
    const body = Buffer.concat([
      Buffer.from('t=1,v1=\x00\xff'),
      randomBytes(4096),
      Buffer.from('  \n'),
    ]);
    const signature =
      't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd';
    const res = await send(fixture.gateway.url, '/api/stripe/webhook', {
      method: 'POST',
      headers: {
        // Stripe's own header; the bytes need not even be valid UTF-8 to pass untouched.
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        'stripe-signature': signature,
      },
      body,
    });

    expect(res.status).toBe(200);
    const received = fixture.upstreams.billing.last!;
    expect(received.body.equals(body)).toBe(true);
    expect(received.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(received.headers['content-length']).toBe(String(body.length));
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
});
