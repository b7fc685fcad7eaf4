import useSWRMutation from 'swr/mutation';
import { apiPath, type DailyAnalysis } from '@probedge/proto';
import { postGenerate } from './generate-insight';

export const generateAnalysisKey = [apiPath('generateAnalysis')] as const;

export function generateAnalysis(key: typeof generateAnalysisKey) {
  return postGenerate<DailyAnalysis>(key);
}

export function useGenerateAnalysis() {
  return useSWRMutation(generateAnalysisKey, generateAnalysis);
}
