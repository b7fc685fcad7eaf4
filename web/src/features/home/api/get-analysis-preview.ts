import useSWR, { type SWRConfiguration } from 'swr';
import { PAGE_SIZES, type Article } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const analysisPreviewKey = ['/api/analysis', { limit: PAGE_SIZES.analysisPreview }] as const;

export function getAnalysisPreview(): Promise<Article[]> {
  return apiGet<Article[]>(analysisPreviewKey, {
    failureMessage: 'Failed to fetch analysis articles',
  });
}

export function useAnalysisPreview(options?: SWRConfiguration, enabled = true) {
  return useSWR(enabled ? analysisPreviewKey : null, getAnalysisPreview, options);
}
