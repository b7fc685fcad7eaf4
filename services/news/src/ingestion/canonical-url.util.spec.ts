import { canonicalUrl, resolveHttpUrl } from './canonical-url.util';

describe('canonicalUrl', () => {
  it('lower-cases the host and drops the fragment and utm parameters', () => {
    expect(
      canonicalUrl('HTTPS://News.Example.COM:443/Markets/Story?id=7&utm_source=x&UTM_Medium=y#top'),
    ).toBe('https://news.example.com/Markets/Story?id=7');
  });

  it('drops an empty query entirely', () => {
    expect(canonicalUrl('http://example.com/a?utm_campaign=z')).toBe('http://example.com/a');
    expect(canonicalUrl('http://example.com/a?')).toBe('http://example.com/a');
    expect(canonicalUrl('http://example.com/a?#top')).toBe('http://example.com/a');
  });

  it('keeps meaningful parameters in order', () => {
    expect(canonicalUrl('http://example.com/a?b=2&a=1')).toBe('http://example.com/a?b=2&a=1');
  });
});

describe('resolveHttpUrl', () => {
  it('resolves relative links against the feed', () => {
    expect(resolveHttpUrl('/story/1', 'https://example.com/feed.xml')).toBe(
      'https://example.com/story/1',
    );
  });

  it.each(['javascript:alert(1)', 'mailto:a@b.c', 'ftp://example.com/x', '', undefined])(
    'refuses %s',
    (value) => {
      expect(resolveHttpUrl(value, 'https://example.com/feed.xml')).toBeUndefined();
    },
  );
});
