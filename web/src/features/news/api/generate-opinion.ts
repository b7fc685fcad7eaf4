import useSWRMutation from 'swr/mutation';
import type { DailyOpinion } from '@probedge/proto';
import { postGenerate } from './generate-insight';

export const generateOpinionKey = ['/api/generate-opinion'] as const;

export function generateOpinion(key: typeof generateOpinionKey) {
  return postGenerate<DailyOpinion>(key);
}

export function useGenerateOpinion() {
  return useSWRMutation(generateOpinionKey, generateOpinion);
}
