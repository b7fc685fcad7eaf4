import useSWR, { type SWRConfiguration } from 'swr';
import { apiPath, PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const analysisPreviewKey = [
  apiPath('analysis'),
  { limit: PAGE_SIZES.analysisPreview },
] as const;

/**
 * The spec's "analysis source call": its catalogue message names the third-party source behind
 * the analysis feed, the news feeds the news service ingests (their list is that service's
 * configuration, so the message names them by kind rather than by publisher).
 */
export function getAnalysisPreview(): Promise<Article[]> {
  return apiGet<Article[]>(analysisPreviewKey, {
    failureMessage: 'Failed to fetch news feed analysis',
  });
}

export function useAnalysisPreview(options?: SWRConfiguration, enabled = true) {
  return useSWR(enabled ? analysisPreviewKey : null, getAnalysisPreview, options);
}
