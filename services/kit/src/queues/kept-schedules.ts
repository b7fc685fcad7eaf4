import type { Logger } from '@nestjs/common';
import type { JobsOptions, Queue, RepeatOptions } from 'bullmq';
import type { Metrics } from '../metrics/metrics';

/** One repeatable job: upserting the same id again never adds a second scheduler. */
export interface ScheduleDeclaration {
  id: string;
  repeat: Omit<RepeatOptions, 'key'>;
  job: { name: string; data?: unknown; opts?: JobsOptions };
}

export interface KeptSchedulesSettings {
  queue: Queue;
  schedules: readonly ScheduleDeclaration[];
  /** How often every schedule is looked for in Redis and any missing one declared again. */
  checkIntervalMs: number;
  logger: Logger;
  metrics: Metrics;
}

/** Until the first declaration lands (Redis away at start), it is tried again this often. */
const RETRY_MS = 5000;

/**
 * A worker's repeatable jobs, kept in Redis: declared at start (again every few seconds while Redis
 * is away), and looked for again when the connection comes back and on a periodic check, so a Redis
 * that returns empty (no persistence, a failover to an empty replica, a flush) has them again within
 * one check. A schedule found missing is logged, declared again and counted
 * (`bullmq_job_schedules_redeclared_total`); `bullmq_job_scheduler_present` is 0 while one is missing
 * and cannot be declared.
 */
export class KeptSchedules {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private declared = false;
  private checking?: Promise<string[]>;
  private readonly present;
  private readonly redeclared;
  private readonly onReady = () => void this.check().catch(() => undefined);

  constructor(private readonly settings: KeptSchedulesSettings) {
    this.present = settings.metrics.gauge({
      name: 'bullmq_job_scheduler_present',
      help: 'Whether each repeatable job this process keeps is in Redis after its last check (0: missing and could not be declared again)',
      labelNames: ['queue', 'scheduler'],
    });
    this.redeclared = settings.metrics.counter({
      name: 'bullmq_job_schedules_redeclared_total',
      help: 'Repeatable jobs found missing in Redis and declared again by this process',
      labelNames: ['queue', 'scheduler'],
    });
  }

  /** Declares the schedules now and keeps them from here on. */
  start(): void {
    this.stopped = false;
    // The queue's backend says 'ready' each time its Redis connection is made again.
    this.settings.queue.getBackend().on('ready', this.onReady);
    void this.tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.settings.queue.getBackend().off('ready', this.onReady);
  }

  /** Looks for every schedule and declares the missing ones; the ids it declared. */
  check(): Promise<string[]> {
    // A reconnect and the timer may both ask: one look at a time.
    this.checking ??= this.look().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async tick(): Promise<void> {
    let delay = this.settings.checkIntervalMs;
    try {
      await this.check();
    } catch (error) {
      if (!this.declared) delay = RETRY_MS;
      this.settings.logger.warn(
        { err: (error as Error).message },
        this.declared ? 'could not check the schedules' : 'could not schedule yet; retrying',
      );
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async look(): Promise<string[]> {
    const { queue, schedules, logger } = this.settings;
    const missing: ScheduleDeclaration[] = [];
    for (const schedule of schedules) {
      const found = this.declared ? await queue.getJobScheduler(schedule.id) : undefined;
      this.present.set({ queue: queue.name, scheduler: schedule.id }, found ? 1 : 0);
      if (!found) missing.push(schedule);
    }
    for (const schedule of missing) {
      await queue.upsertJobScheduler(schedule.id, schedule.repeat, schedule.job);
      this.present.set({ queue: queue.name, scheduler: schedule.id }, 1);
      if (this.declared) this.redeclared.inc({ queue: queue.name, scheduler: schedule.id });
    }
    if (missing.length > 0) {
      const ids = missing.map((schedule) => schedule.id);
      if (this.declared)
        logger.warn({ schedulers: ids }, 'schedules missing in Redis; declared again');
      else logger.log({ schedulers: ids }, 'schedules declared');
    }
    this.declared = true;
    return missing.map((schedule) => schedule.id);
  }
}
