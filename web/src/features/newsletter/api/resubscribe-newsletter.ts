import useSWRMutation from 'swr/mutation';
import { apiPath, type NewsletterAnswer, type NewsletterLinkRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const resubscribeKey = [apiPath('newsletterResubscribe')] as const;

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
