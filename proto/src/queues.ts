/** Queue and job names shared by producers and consumers so they cannot drift. */
export const QUEUES = { newsIngestion: 'news-ingestion', insights: 'insights' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  ingestSlot: 'ingest-slot',
  dailyAnalysis: 'daily-analysis',
  dailyOpinion: 'daily-opinion',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

export interface IngestSlotPayload {
  /** ISO start of the time slot; also the job id's suffix. */
  slot: string;
}

export interface DailyItemPayload {
  /** Market date YYYY-MM-DD in the market time zone. */
  marketDate: string;
  /** ISO end of the article window, fixed at enqueue time so every retry reads the same articles. */
  until: string;
  /** 0 for the day's first item; an admin regeneration asks for the stored generation + 1. */
  generation: number;
}

/** A scheduler firing: the worker turns it into the day's deduplicated item job. */
export interface DailyTriggerPayload {
  scheduled: true;
}
