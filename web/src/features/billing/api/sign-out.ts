import { apiPost } from '../../../lib/api-client';

export async function signOut(): Promise<void> {
  await apiPost('/api/members/sign-out');
}
