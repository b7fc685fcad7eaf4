import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { loadContentConfig } from './config/env';
import { WORKER_NAME, WorkerModule } from './worker.module';

// The worker serves /healthz, /readyz and /metrics over HTTP; its work arrives through the queue.
runService(loadContentConfig, (config) => ({
  name: WORKER_NAME,
  module: WorkerModule.forRoot(config),
  port: config.CONTENT_WORKER_PORT,
}));
