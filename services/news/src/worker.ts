import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { loadNewsConfig } from './config/env';
import { WORKER_NAME, WorkerModule } from './worker.module';

// The worker serves only /healthz and /readyz over HTTP; its work arrives through the queue.
runService(loadNewsConfig, (config) => ({
  name: WORKER_NAME,
  module: WorkerModule.forRoot(config),
  port: config.NEWS_WORKER_PORT,
}));
