import { JOBS } from '@probedge/proto';
import type { DailyKind } from '../items/daily-items.repository';

export type DailyJobName = typeof JOBS.dailyAnalysis | typeof JOBS.dailyOpinion;

export const JOB_OF_KIND: Record<DailyKind, DailyJobName> = {
  analysis: JOBS.dailyAnalysis,
  opinion: JOBS.dailyOpinion,
};

/**
 * `<kind>:<market-date>:<generation>`: every enqueue for the same day is the same job. BullMQ
 * refuses custom ids with a single colon (it reserves that form), and the generation lets an admin
 * regeneration be a new job rather than a duplicate of the finished one.
 */
export function dailyJobId(kind: DailyKind, marketDate: string, generation: number): string {
  return `${JOB_OF_KIND[kind]}:${marketDate}:${generation}`;
}
