import useSWRMutation from 'swr/mutation';
import { apiPath, type NewsletterAnswer, type NewsletterLinkRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** What the link of a newsletter e-mail can do: leave the newsletter, or rejoin it. */
export type NewsletterLinkAction = 'unsubscribe' | 'resubscribe';

const ROUTES = {
  unsubscribe: 'newsletterUnsubscribe',
  resubscribe: 'newsletterResubscribe',
} as const satisfies Record<NewsletterLinkAction, string>;

/**
 * Leaves or rejoins the newsletter with the signed token of a link from one of its e-mails (the
 * same token does both); repeating either is harmless.
 */
async function sendNewsletterLink(
  action: NewsletterLinkAction,
  token: string,
): Promise<NewsletterAnswer> {
  const body: NewsletterLinkRequest = { token };
  const answer = await apiPost<NewsletterAnswer>(apiPath(ROUTES[action]), body);
  if (!answer || typeof answer.message !== 'string') {
    throw new Error(`The newsletter ${action} answered without a message`);
  }
  return answer;
}

export function useNewsletterLink(action: NewsletterLinkAction) {
  return useSWRMutation(
    [apiPath(ROUTES[action])] as const,
    (_key, { arg: token }: { arg: string }) => sendNewsletterLink(action, token),
  );
}
