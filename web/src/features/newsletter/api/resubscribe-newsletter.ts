import useSWRMutation from 'swr/mutation';
import type { NewsletterAnswer, NewsletterLinkRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const resubscribeKey = ['/api/newsletter/resubscribe'] as const;

/** Rejoins the newsletter with the signed token that left it; repeating it is harmless. */
export async function resubscribeNewsletter(
  key: typeof resubscribeKey,
  { arg: token }: { arg: string },
): Promise<NewsletterAnswer> {
  const body: NewsletterLinkRequest = { token };
  const answer = await apiPost<NewsletterAnswer>(key, body);
  if (!answer || typeof answer.message !== 'string') {
    throw new Error('The newsletter resubscribe answered without a message');
  }
  return answer;
}

export function useResubscribeNewsletter() {
  return useSWRMutation(resubscribeKey, resubscribeNewsletter);
}
