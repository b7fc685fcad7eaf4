import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_KINDS, SLUG_PATTERN, type ContentKind } from '@probedge/proto';
import matter from 'gray-matter';
import type { ContentSource } from '../content/content.repository';
import type { FaqSource } from '../faq/faq.repository';
import { markdownToPlainText, PLAIN_TEXT_VERSION } from './markdown-text.util';

export class ContentSourceError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Content sources are invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ContentSourceError';
  }
}

const FOLDERS: Record<ContentKind, string> = { guide: 'guides', blog: 'blogs' };

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function requiredString(
  data: Record<string, unknown>,
  key: string,
  problems: string[],
  where: string,
): string {
  const value = data[key];
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${where}: front matter "${key}" must be a non-empty string`);
    return '';
  }
  return value.trim();
}

function parseDate(value: unknown): Date | undefined {
  const date =
    value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** Parses one Markdown file; problems are collected so one run reports every bad file. */
export function parseContentFile(
  kind: ContentKind,
  fileName: string,
  text: string,
  problems: string[],
): ContentSource | undefined {
  const where = `${FOLDERS[kind]}/${fileName}`;
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh object each time: gray-matter caches by input otherwise.
    parsed = matter(text, {});
  } catch (error) {
    problems.push(`${where}: front matter is not valid YAML (${(error as Error).message})`);
    return undefined;
  }
  const data = parsed.data as Record<string, unknown>;
  const before = problems.length;
  const slug = requiredString(data, 'slug', problems, where);
  const title = requiredString(data, 'title', problems, where);
  const description = requiredString(data, 'description', problems, where);
  const category = requiredString(data, 'category', problems, where);
  const createdAt = parseDate(data.createdAt);
  if (!createdAt) problems.push(`${where}: front matter "createdAt" must be an ISO-8601 date`);
  if (slug && !SLUG_PATTERN.test(slug)) {
    problems.push(
      `${where}: slug "${slug}" must be lowercase letters, digits and hyphens, at most 120 characters`,
    );
  }
  if (slug && fileName !== `${slug}.md`) problems.push(`${where}: file name must be "${slug}.md"`);
  const content = parsed.content.trim();
  if (content === '') problems.push(`${where}: the article has no body`);
  if (problems.length > before || !createdAt) return undefined;
  return {
    kind,
    slug,
    title,
    description,
    category,
    createdAt,
    content,
    plainContent: markdownToPlainText(content),
    // A new conversion changes every checksum, so the next sync rewrites the plain texts too.
    checksum: checksum(`plain-text-v${PLAIN_TEXT_VERSION}\n${text}`),
  };
}

async function markdownFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function readContentSources(contentDir: string): Promise<ContentSource[]> {
  const problems: string[] = [];
  const sources: ContentSource[] = [];
  for (const kind of CONTENT_KINDS) {
    const dir = join(contentDir, FOLDERS[kind]);
    for (const fileName of await markdownFiles(dir)) {
      const source = parseContentFile(
        kind,
        fileName,
        await readFile(join(dir, fileName), 'utf8'),
        problems,
      );
      if (source) sources.push(source);
    }
  }
  if (problems.length > 0) throw new ContentSourceError(problems);
  return sources;
}

export async function readFaqSources(contentDir: string): Promise<FaqSource[]> {
  const path = join(contentDir, 'faq.json');
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ContentSourceError([`faq.json: ${(error as Error).message}`]);
  }
  if (!Array.isArray(raw)) throw new ContentSourceError(['faq.json: must be an array']);
  const problems: string[] = [];
  const seen = new Set<string>();
  const sources = raw.flatMap((entry: unknown, position): FaqSource[] => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const id = requiredString(item, 'id', problems, `faq.json[${position}]`);
    const question = requiredString(item, 'question', problems, `faq.json[${position}]`);
    const answer = requiredString(item, 'answer', problems, `faq.json[${position}]`);
    if (id && seen.has(id)) problems.push(`faq.json[${position}]: duplicate id "${id}"`);
    seen.add(id);
    if (!id || !question || !answer) return [];
    return [
      { id, position, question, answer, checksum: checksum(`${position}\n${question}\n${answer}`) },
    ];
  });
  if (problems.length > 0) throw new ContentSourceError(problems);
  return sources;
}
