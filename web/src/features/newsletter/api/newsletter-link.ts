import type { NewsletterAnswer, NewsletterLinkRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export type NewsletterLinkAction = 'unsubscribe' | 'resubscribe';

/** Uses the signed token of a newsletter link; both actions can be repeated safely. */
export async function followNewsletterLink(
  action: NewsletterLinkAction,
  token: string,
): Promise<NewsletterAnswer> {
  const body: NewsletterLinkRequest = { token };
  const answer = await apiPost<NewsletterAnswer>(`/api/newsletter/${action}`, body);
  if (!answer || typeof answer.message !== 'string') {
    throw new Error(`The newsletter ${action} answered without a message`);
  }
  return answer;
}
