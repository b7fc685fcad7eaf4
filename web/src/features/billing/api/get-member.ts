import useSWR from 'swr';
import { apiPath, type Member } from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

export const memberKey = [apiPath('memberMe')] as const;

/** The signed-in member, or null when this browser is not signed in. */
export function getMember(key: typeof memberKey): Promise<Member | null> {
  return apiGet<Member | null>(key, { onUnauthorized: 'return-null' });
}

export function useMember() {
  const { data, error, mutate } = useSWR(memberKey, getMember, {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  return { member: data, error: error as unknown, refresh: mutate };
}
