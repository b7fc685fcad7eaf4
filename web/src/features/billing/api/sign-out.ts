import useSWRMutation from 'swr/mutation';
import { apiPath } from '@probedge/proto';
import { apiPost } from '../../../lib/api-client';

export const signOutKey = [apiPath('memberSignOut')] as const;

export async function signOut(key: typeof signOutKey): Promise<void> {
  await apiPost(key);
}

export function useSignOut() {
  return useSWRMutation(signOutKey, signOut);
}
