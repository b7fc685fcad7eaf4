import type { DailyAnalysis } from '@probedge/proto';
import { postGenerate } from './generate-insight';

export function generateAnalysis() {
  return postGenerate<DailyAnalysis>('/api/generate-analysis', 'Failed to generate daily analysis');
}
