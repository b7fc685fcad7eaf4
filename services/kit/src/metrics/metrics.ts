import { Controller, Get, Inject, Injectable, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HEALTH_PATHS } from '@probedge/proto';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
} from 'prom-client';

/** What Express's response and Fastify's reply both offer for a typed body. */
interface TypedReply {
  type(contentType: string): { send(body: string): unknown };
}

export const METRICS_SERVICE = Symbol('METRICS_SERVICE');

/** Seconds; from a cache hit to a slow upstream. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Job counts by state, as BullMQ's Queue.getJobCounts answers them. */
export interface CountableQueue {
  readonly name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

/** Something that emits BullMQ's worker events. */
export interface ObservableWorker {
  readonly name: string;
  on(event: 'completed', listener: (job: { name: string }) => void): unknown;
  on(event: 'failed', listener: (job: { name: string } | undefined) => void): unknown;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized'];

/**
 * The process's Prometheus registry: default process metrics, HTTP latency by route and status,
 * and whatever a service adds. Every series carries the service label.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly queues = new Set<CountableQueue>();

  constructor(@Inject(METRICS_SERVICE) service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
  }

  /** The counter of that name, created on first use (labels must match on later calls). */
  counter<Label extends string>(config: CounterConfiguration<Label>): Counter<Label> {
    const existing = this.registry.getSingleMetric(config.name);
    if (existing) return existing as Counter<Label>;
    return new Counter({ ...config, registers: [this.registry] });
  }

  gauge<Label extends string>(config: GaugeConfiguration<Label>): Gauge<Label> {
    const existing = this.registry.getSingleMetric(config.name);
    if (existing) return existing as Gauge<Label>;
    return new Gauge({ ...config, registers: [this.registry] });
  }

  /** Records one answered HTTP request (the services' hook and the gateway's pipeline and app call it). */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
  }

  /** Queue depth by state, read at scrape time. */
  watchQueue(queue: CountableQueue): void {
    this.queues.add(queue);
    this.gauge({
      name: 'bullmq_queue_jobs',
      help: 'Jobs in each BullMQ queue by state, read at scrape time',
      labelNames: ['queue', 'state'],
      collect: async () => {
        const gauge = this.registry.getSingleMetric('bullmq_queue_jobs') as Gauge<
          'queue' | 'state'
        >;
        for (const watched of this.queues) {
          // A Redis outage must not fail the whole scrape; the series just goes stale.
          const counts = await watched.getJobCounts(...QUEUE_STATES).catch(() => undefined);
          for (const [state, count] of Object.entries(counts ?? {})) {
            gauge.set({ queue: watched.name, state }, count);
          }
        }
      },
    });
  }

  /** Job outcomes of this replica's worker, by job name. */
  watchWorker(worker: ObservableWorker): void {
    const outcomes = this.counter({
      name: 'bullmq_jobs_total',
      help: 'Jobs finished by this process, by queue, job name and outcome',
      labelNames: ['queue', 'name', 'outcome'],
    });
    worker.on('completed', (job) =>
      outcomes.inc({ queue: worker.name, name: job.name, outcome: 'completed' }),
    );
    worker.on('failed', (job) =>
      outcomes.inc({ queue: worker.name, name: job?.name ?? 'unknown', outcome: 'failed' }),
    );
  }
}

/** Prometheus scrape endpoint (text exposition format); not part of the public API. */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get(HEALTH_PATHS.metrics)
  async scrape(@Res() res: TypedReply): Promise<void> {
    res.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
