import useSWR from 'swr';
import { apiPath, type DailyOpinion } from '@probedge/proto';
import { apiGetOrNull, failureLogLine } from '../../../lib/api-client';

export const dailyOpinionKey = [apiPath('dailyOpinion')] as const;

/** Today's opinion, or null when there is none (a 404 means none today). */
export function getDailyOpinion(key: typeof dailyOpinionKey): Promise<DailyOpinion | null> {
  return apiGetOrNull<DailyOpinion>(key, { failureMessage: 'Failed to fetch daily opinion' });
}

export function useDailyOpinion() {
  const { data, error, mutate } = useSWR(dailyOpinionKey, getDailyOpinion, {
    // Any other failure hides the card (spec section 8); the reason only goes to the console.
    onError: (failure: Error) => console.warn(failureLogLine(failure)),
  });
  /** Shows an opinion the server has just answered with, in place of the one loaded. */
  const show = (fresh: DailyOpinion) => mutate(fresh, { revalidate: false });
  return { opinion: error ? null : data, show };
}
