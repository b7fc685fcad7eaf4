import { CONTENT_KINDS, SITE_DOCUMENTS_PATH, type SiteDocument } from '@probedge/proto';
import { z } from 'zod';

/** Far above what content holds (a few hundred KB for every guide and blog): a bound, not a size. */
export const SITE_DOCUMENTS_MAX_BYTES = 32 * 1024 * 1024;

export type SiteDocumentsAnswer =
  { status: 'unchanged' } | { status: 'changed'; etag: string; documents: SiteDocument[] };

/** content could not be asked, or answered something that is not its documents. */
export class SiteDocumentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteDocumentsError';
  }
}

const documentSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  slug: z.string().min(1).max(120),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  publishedAt: z.iso.datetime({ offset: true }),
  passages: z.array(z.string()),
});
const answerSchema = z.object({ documents: z.array(documentSchema) });

/** The documents of an answer's body, checked; the same document twice is refused. */
export function parseSiteDocuments(body: string): SiteDocument[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SiteDocumentsError('the answer is not JSON');
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SiteDocumentsError(
      `the answer is not documents: ${issue.path.join('.')} ${issue.message}`,
    );
  }
  const seen = new Set<string>();
  for (const document of parsed.data.documents) {
    const key = `${document.kind}/${document.slug}`;
    if (seen.has(key)) throw new SiteDocumentsError(`the answer holds ${key} twice`);
    seen.add(key);
  }
  return parsed.data.documents;
}

async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > SITE_DOCUMENTS_MAX_BYTES) throw new SiteDocumentsError('the answer is too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > SITE_DOCUMENTS_MAX_BYTES) throw new SiteDocumentsError('the answer is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks content for its guides and blogs, naming the version already held: "unchanged" when content
 * answers 304, else the documents and their new version.
 */
export async function fetchSiteDocuments(
  contentUrl: string,
  heldEtag: string | undefined,
  timeoutMs: number,
): Promise<SiteDocumentsAnswer> {
  const url = `${contentUrl}${SITE_DOCUMENTS_PATH}`;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...(heldEtag ? { 'if-none-match': heldEtag } : {}) },
      signal,
    });
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    throw new SiteDocumentsError(`${url}: ${reason}`);
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 'unchanged' };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new SiteDocumentsError(`${url} answered ${response.status}`);
  }
  const etag = response.headers.get('etag');
  if (!etag) {
    await response.body?.cancel();
    throw new SiteDocumentsError(`${url} answered without an ETag`);
  }
  let body: string;
  try {
    body = await readBounded(response);
  } catch (error) {
    if (error instanceof SiteDocumentsError) throw error;
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    throw new SiteDocumentsError(`${url}: ${reason}`);
  }
  return { status: 'changed', etag, documents: parseSiteDocuments(body) };
}
