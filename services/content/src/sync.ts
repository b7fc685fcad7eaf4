import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { runMain } from '@probedge/kit';
import { AppModule } from './app.module';
import { loadContentConfig } from './config/env';
import { SyncService } from './sync/sync.service';

/** One-off step (make up, the compose migrate service, the k8s Job): files → database. */
runMain(async () => {
  const config = loadContentConfig();
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(config, { sendsMail: false }),
    {
      logger: ['error'],
    },
  );
  try {
    const report = await app.get(SyncService).sync();
    process.stdout.write(`content sync from ${config.CONTENT_DIR}: ${JSON.stringify(report)}\n`);
  } finally {
    await app.close();
  }
});
