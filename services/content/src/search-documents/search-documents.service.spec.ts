import { createHash } from 'node:crypto';
import type { SearchDocumentRow, SearchDocumentsRepository } from './search-documents.repository';
import { SearchDocumentsService } from './search-documents.service';

const ROW: SearchDocumentRow = {
  kind: 'guide',
  slug: 'sizing-basics',
  title: 'Sizing basics',
  description: 'How much to risk',
  category: 'position-sizing',
  createdAt: new Date('2025-10-02T09:00:00.000Z'),
  passages: ['Why size matters', 'Risk one percent.'],
};

function serviceOver(rows: SearchDocumentRow[]): SearchDocumentsService {
  const repository = { all: async () => rows } as unknown as SearchDocumentsRepository;
  return new SearchDocumentsService(repository);
}

describe('SearchDocumentsService', () => {
  it('answers each row as a document, its creation time as publishedAt', async () => {
    const { body } = await serviceOver([ROW]).current();
    expect(JSON.parse(body)).toEqual({
      documents: [
        {
          kind: 'guide',
          slug: 'sizing-basics',
          title: 'Sizing basics',
          description: 'How much to risk',
          category: 'position-sizing',
          publishedAt: '2025-10-02T09:00:00.000Z',
          passages: ['Why size matters', 'Risk one percent.'],
        },
      ],
    });
  });

  it('tags the body with the quoted SHA-256 of its exact text', async () => {
    const { body, etag } = await serviceOver([ROW]).current();
    expect(etag).toBe(`"${createHash('sha256').update(body).digest('hex')}"`);
  });

  it('gives equal documents the same tag and a changed passage another', async () => {
    const first = await serviceOver([ROW]).current();
    const again = await serviceOver([{ ...ROW }]).current();
    const edited = await serviceOver([{ ...ROW, passages: ['Why size matters'] }]).current();
    expect(again.etag).toBe(first.etag);
    expect(edited.etag).not.toBe(first.etag);
  });
});
