import { loadContentConfig } from './env';

describe('content configuration', () => {
  it('sends newsletter mail to the local mail catcher unless SMTP is configured', () => {
    const config = loadContentConfig({});
    expect(config.SMTP_URL).toBe('smtp://127.0.0.1:1025');
    expect(config.NEWSLETTER_TOKEN_TTL_HOURS).toBe(48);
    expect(() => loadContentConfig({ SMTP_URL: 'http://mail' })).toThrow('SMTP_URL');
  });
});
