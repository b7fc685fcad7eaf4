import useSWR from 'swr';
import { apiPath, type SignInLink } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const signInLinkKey = (token: string) => [apiPath('memberSignInLink'), { token }] as const;

export async function getSignInLink(key: ReturnType<typeof signInLinkKey>): Promise<SignInLink> {
  const link = await apiGet<SignInLink>(key);
  if (!link || typeof link.email !== 'string') {
    throw new Error('The sign-in link answered without its address');
  }
  return link;
}

/**
 * Read once: the answer depends on this browser's cookies, not on time, and once the link is used
 * asking again would only hear that it is gone.
 */
export function useSignInLink(token: string | null) {
  return useSWR(token ? signInLinkKey(token) : null, getSignInLink, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
}
