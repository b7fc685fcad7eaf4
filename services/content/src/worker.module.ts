import { DynamicModule, Module } from '@nestjs/common';
import { KitModule, mailerProvider } from '@probedge/kit';
import { BriefingRepository } from './briefing/briefing.repository';
import { BriefingService } from './briefing/briefing.service';
import { BriefingWorker } from './briefing/briefing.worker';
import { CONTENT_CONFIG } from './config/content-config';
import type { ContentConfig } from './config/env';
import { ConfirmationOutbox, SENDS_CONFIRMATIONS } from './newsletter/confirmation-outbox';
import { ConfirmationSender } from './newsletter/confirmation-sender';
import { NewsletterRepository } from './newsletter/newsletter.repository';
import { NewsletterService } from './newsletter/newsletter.service';
import { PrismaService } from './prisma/prisma.service';

export const WORKER_NAME = 'content-worker';

/** The briefing worker: the queue's consumer and the daily cut-off; health over HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [KitModule.forRoot({ service: WORKER_NAME, logLevel: config.LOG_LEVEL })],
      providers: [
        { provide: CONTENT_CONFIG, useValue: config },
        PrismaService,
        // Batches keep their SMTP connections open and send over several at once.
        mailerProvider(config, { pool: true, maxConnections: config.BRIEFING_SMTP_CONNECTIONS }),
        NewsletterRepository,
        NewsletterService,
        ConfirmationSender,
        ConfirmationOutbox,
        { provide: SENDS_CONFIRMATIONS, useValue: true },
        BriefingRepository,
        BriefingService,
        BriefingWorker,
      ],
    };
  }
}
