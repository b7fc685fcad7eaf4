import 'reflect-metadata';
import { bootstrapService, runMain } from '@probedge/kit';
import { loadContentConfig } from './config/env';
import { WORKER_NAME, WorkerModule } from './worker.module';

// The worker serves /healthz, /readyz and /metrics over HTTP; its work arrives through the queue.
runMain(async () => {
  const config = loadContentConfig();
  await bootstrapService({
    name: WORKER_NAME,
    module: WorkerModule.forRoot(config),
    config,
    port: config.CONTENT_WORKER_PORT,
  });
});
