import { existsSync, readFileSync } from 'node:fs';
import { protoFile } from './proto-file';

describe('protoFile', () => {
  it('finds the NewsService definition in the proto package', () => {
    const file = protoFile('news/v1/news.proto');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('service NewsService');
  });
});
