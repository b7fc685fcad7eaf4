import useSWR from 'swr';
import { apiPath, type FaqItem } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const faqKey = [apiPath('faq')] as const;

export function getFaq(): Promise<FaqItem[]> {
  return apiGet<FaqItem[]>(faqKey);
}

export function useFaq() {
  return useSWR(faqKey, getFaq);
}
