import type { DailyOpinion } from '@probedge/proto';
import { postGenerate } from './generate-insight';

export function generateOpinion() {
  return postGenerate<DailyOpinion>('/api/generate-opinion', 'Failed to generate daily opinion');
}
