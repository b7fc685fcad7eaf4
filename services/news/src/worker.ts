import 'reflect-metadata';
import { bootstrapService, runMain } from '@probedge/kit';
import { loadNewsConfig } from './config/env';
import { WORKER_NAME, WorkerModule } from './worker.module';

// The worker serves only /healthz and /readyz over HTTP; its work arrives through the queue.
runMain(async () => {
  const config = loadNewsConfig();
  await bootstrapService({
    name: WORKER_NAME,
    module: WorkerModule.forRoot(config),
    config,
    port: config.NEWS_WORKER_PORT,
  });
});
