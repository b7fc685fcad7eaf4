import type { SubscriptionCheck } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

/** true or false as the service answers; null when it could not be asked (the page stays neutral). */
export async function checkAccess(): Promise<boolean | null> {
  try {
    const result = await apiGet<SubscriptionCheck>(['/api/check-subscription']);
    return typeof result.hasAccess === 'boolean' ? result.hasAccess : null;
  } catch (error) {
    console.warn('Subscription check failed; the portal button decides.', error);
    return null;
  }
}
