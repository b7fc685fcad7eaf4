import type { NewsletterRequest } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

/** Double opt-in: the server answers the same for a new and an already known address. */
export function subscribeNewsletter(email: string): Promise<unknown> {
  const body: NewsletterRequest = { email };
  return apiPost('/api/newsletter', body);
}
