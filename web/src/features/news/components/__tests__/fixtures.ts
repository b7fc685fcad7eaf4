import { pageReload } from '../../../../lib/page-reload';

const HOUR_MS = 60 * 60 * 1000;

/** An ISO time `hours` (plus a minute, to stay clear of the boundary) before now. */
export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * HOUR_MS - 60_000).toISOString();
}

export function newsArticle(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `a${index}`,
    title: `Headline ${index}`,
    description: `Description ${index}`,
    url: `https://news.example/${index}`,
    publishedAt: hoursAgo(3),
    ...overrides,
  };
}

export function newsArticles(count: number) {
  return Array.from({ length: count }, (_, index) => newsArticle(index + 1));
}

/** The reload itself cannot run under jsdom, so the button's call is captured instead. */
export function mockReload(): { reload: jest.SpyInstance; restore: () => void } {
  const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => {});
  return { reload, restore: () => reload.mockRestore() };
}
