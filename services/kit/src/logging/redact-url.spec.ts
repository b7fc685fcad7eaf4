import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/sign-in/confirm?token=abcDEF123', '/sign-in/confirm?token=[redacted]'],
    [
      '/api/newsletter/confirm?token=x&utm=mail',
      '/api/newsletter/confirm?token=[redacted]&utm=mail',
    ],
    ['/subscribe/success?session_id=cs_test_123', '/subscribe/success?session_id=[redacted]'],
    ['/daytrader?session_id=cs_1&x=1#top', '/daytrader?session_id=[redacted]&x=1#top'],
    ['/x?sessionId=1&Idempotency-Key=2', '/x?sessionId=[redacted]&Idempotency-Key=[redacted]'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    [
      '/api/billing/sandbox-checkout/cs_sandbox_ofWbKH3Loie8lxB7gC2d92GY',
      '/api/billing/sandbox-checkout/cs_[redacted]',
    ],
    ['/api/newsletter?email=ann%40example.com', '/api/newsletter?email=[redacted]'],
    ['/api/newsletter?e-mail=ann&x=1', '/api/newsletter?e-mail=[redacted]&x=1'],
    ['/unsubscribe?who=ann@example.com&x=1', '/unsubscribe?who=[redacted]&x=1'],
    ['/unsubscribe?ann@example.com', '/unsubscribe?[redacted]'],
    ['/api/subscribers/ann@example.com/status?x=1', '/api/subscribers/[redacted]/status?x=1'],
    ['/api/subscribers/ann%40example.com', '/api/subscribers/[redacted]'],
  ])('hides the secret values of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(['/api/business?limit=12&offset=0', '/api/guides', '/x?flag', '/x?'])(
    'leaves %s as it is',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});
