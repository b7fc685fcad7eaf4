/** Queue and job names shared by producers and consumers so they cannot drift. */
export const QUEUES = {
  newsIngestion: 'news-ingestion',
  insights: 'insights',
  /** Produced by the insights worker (the day's analysis is written), consumed by the content worker. */
  briefing: 'newsletter-briefing',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  ingestSlot: 'ingest-slot',
  dailyAnalysis: 'daily-analysis',
  dailyOpinion: 'daily-opinion',
  /** Send the day's morning briefing; one job per market date (its id names the date). */
  briefing: 'morning-briefing',
  /** The day's cut-off came: without an analysis by now, no briefing is sent that day. */
  briefingCutoff: 'briefing-cutoff',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/**
 * The jobs each queue carries: producers add only these, and a queue's worker must have a handler
 * for each of them and for nothing else (checked when the worker starts). A job name belongs to
 * one queue.
 */
export const JOBS_OF_QUEUE = {
  [QUEUES.newsIngestion]: [JOBS.ingestSlot],
  [QUEUES.insights]: [JOBS.dailyAnalysis, JOBS.dailyOpinion],
  [QUEUES.briefing]: [JOBS.briefing, JOBS.briefingCutoff],
} as const satisfies Record<QueueName, readonly JobName[]>;
export type JobOfQueue<Q extends QueueName> = (typeof JOBS_OF_QUEUE)[Q][number];

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

/** The day's analysis as the morning briefing carries it; the job id is briefingJobId(marketDate). */
export interface BriefingPayload {
  /** Market date YYYY-MM-DD in the market time zone. */
  marketDate: string;
  /** The analysis text as the site shows it (light Markdown: headings, lists, paragraphs). */
  analysis: string;
  /** The themes the analysis found (terms). */
  themes: string[];
  /** "What to watch": short sentences. */
  watch: string[];
  /** ISO time the analysis was written; a text written after the day's cut-off is not mailed. */
  writtenAt: string;
}

/** A cut-off scheduler firing: the worker checks the market date it falls on. */
export interface BriefingCutoffPayload {
  scheduled: true;
}

/** One briefing job per market date, so a retried or repeated announcement never sends twice. */
export function briefingJobId(marketDate: string): string {
  return `briefing-${marketDate}`;
}
