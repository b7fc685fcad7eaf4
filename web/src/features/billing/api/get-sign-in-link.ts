import useSWR from 'swr';
import { apiGet } from '../../../lib/api-client';

/** Who a mailed sign-in link would sign in, read without using it. */
export interface SignInLink {
  /** The address the link signs in. */
  email: string;
  /** Whether this browser asked for the link. */
  sameBrowser: boolean;
  /** The member this browser is signed in as now, if any. */
  signedInAs: string | null;
}

export const signInLinkKey = (token: string) => ['/api/members/sign-in/link', { token }] as const;

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
