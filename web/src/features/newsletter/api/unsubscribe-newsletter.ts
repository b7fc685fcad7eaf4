import useSWRMutation from 'swr/mutation';
import { apiPath, type NewsletterAnswer, type NewsletterLinkRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const unsubscribeKey = [apiPath('newsletterUnsubscribe')] as const;

/** Leaves the newsletter with the signed token of a link from one of its e-mails; repeating it is harmless. */
export async function unsubscribeNewsletter(
  key: typeof unsubscribeKey,
  { arg: token }: { arg: string },
): Promise<NewsletterAnswer> {
  const body: NewsletterLinkRequest = { token };
  const answer = await apiPost<NewsletterAnswer>(key, body);
  if (!answer || typeof answer.message !== 'string') {
    throw new Error('The newsletter unsubscribe answered without a message');
  }
  return answer;
}

export function useUnsubscribeNewsletter() {
  return useSWRMutation(unsubscribeKey, unsubscribeNewsletter);
}
