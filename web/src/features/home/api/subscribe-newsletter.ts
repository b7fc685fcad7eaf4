import useSWRMutation from 'swr/mutation';
import { apiPath, type NewsletterAnswer, type NewsletterRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const newsletterKey = [apiPath('newsletterSignUp')] as const;

/** Double opt-in: the server answers the same for a new and an already known address. */
export async function subscribeNewsletter(
  key: typeof newsletterKey,
  { arg: email }: { arg: string },
): Promise<NewsletterAnswer> {
  const body: NewsletterRequest = { email };
  const answer = await apiPost<NewsletterAnswer>(key, body);
  return { message: answer?.message ?? '' };
}

export function useSubscribeNewsletter() {
  return useSWRMutation(newsletterKey, subscribeNewsletter);
}
