import 'reflect-metadata';
import { runService } from '@probedge/kit';
import { QueueDashboard } from './admin/queue-dashboard';
import { loadInsightsConfig } from './config/env';
import { WORKER_NAME, WorkerModule } from './worker.module';

// The worker serves /healthz, /readyz, /metrics and, with an admin token, the operators' queue
// dashboard over HTTP; its work arrives through the queue.
runService(loadInsightsConfig, (config) => ({
  name: WORKER_NAME,
  module: WorkerModule.forRoot(config),
  port: config.INSIGHTS_WORKER_PORT,
  beforeListen: async (app) => app.get(QueueDashboard).mount(app),
}));
