import path from 'node:path';
import { loadSourcesFile, parseSourcesFile, SourcesFileError } from './sources-file.util';

describe('parseSourcesFile', () => {
  it('reads sources with optional name, category and interval', () => {
    expect(
      parseSourcesFile(
        JSON.stringify([
          { id: 'a', url: 'https://a.example.com/rss', feed: 'business' },
          {
            id: 'b',
            name: ' Source B ',
            url: 'http://127.0.0.1:9/x',
            feed: 'stocks',
            category: 'stocks',
            minIntervalSeconds: 600,
          },
        ]),
        'sources.json',
      ),
    ).toEqual([
      { id: 'a', url: 'https://a.example.com/rss', feed: 'business' },
      {
        id: 'b',
        name: 'Source B',
        url: 'http://127.0.0.1:9/x',
        feed: 'stocks',
        category: 'stocks',
        minIntervalSeconds: 600,
      },
    ]);
  });

  it('names every problem with its position', () => {
    const text = JSON.stringify([
      { id: 'a', url: 'ftp://a.example.com', feed: 'business' },
      { id: 'a', url: 'https://b.example.com', feed: 'sports' },
      { id: 'c', url: 'https://c.example.com', feed: 'general', minIntervalSeconds: 5 },
    ]);
    expect(() => parseSourcesFile(text, 'sources.json')).toThrow(SourcesFileError);
    try {
      parseSourcesFile(text, 'sources.json');
    } catch (error) {
      const message = (error as Error).message;
      for (const path of ['0.url', '1.feed', '2.minIntervalSeconds'])
        expect(message).toContain(path);
    }
  });

  it('rejects duplicate ids', () => {
    const source = { id: 'a', url: 'https://a.example.com/rss', feed: 'business' };
    expect(() => parseSourcesFile(JSON.stringify([source, source]), 'f.json')).toThrow(
      /1\.id: duplicate id "a"/,
    );
  });

  it('rejects text that is not JSON', () => {
    expect(() => parseSourcesFile('feeds: []', 'sources.json')).toThrow(/not valid JSON/);
  });
});

describe('the bundled sources file', () => {
  it('is valid and covers every list', async () => {
    const sources = await loadSourcesFile(path.join(__dirname, '..', '..', 'sources.json'));
    expect(new Set(sources.map((source) => source.feed))).toEqual(
      new Set(['business', 'analysis', 'opinion', 'daytrader', 'stocks', 'general']),
    );
    expect(sources.every((source) => source.url.startsWith('https://'))).toBe(true);
    expect(sources.every((source) => source.name !== undefined)).toBe(true);
  });
});
