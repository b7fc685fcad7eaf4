import path from 'node:path';

/** Absolute path of a .proto file shipped in @probedge/proto, e.g. 'news/v1/news.proto'. */
export function protoFile(relative: string): string {
  return path.join(path.dirname(require.resolve('@probedge/proto/package.json')), relative);
}
