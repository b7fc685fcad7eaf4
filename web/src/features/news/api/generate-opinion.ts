import useSWRMutation from 'swr/mutation';
import { apiPath, type DailyOpinion } from '@probedge/proto';
import { postGenerate } from './generate-insight';

export const generateOpinionKey = [apiPath('generateOpinion')] as const;

export function generateOpinion(key: typeof generateOpinionKey) {
  return postGenerate<DailyOpinion>(key);
}

export function useGenerateOpinion() {
  return useSWRMutation(generateOpinionKey, generateOpinion);
}
