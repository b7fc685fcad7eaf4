import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
} from '@nestjs/common';
import {
  ADMIN_TOKEN_SCHEME,
  ADMIN_TOKEN_SECURITY,
  KitModule,
  mailerProvider,
  sharedCache,
  type OpenApiOptions,
} from '@probedge/kit';
import { BriefingPreviewController } from './briefing/briefing-preview.controller';
import { BriefingRepository } from './briefing/briefing.repository';
import { BriefingService } from './briefing/briefing.service';
import { ContentCache } from './cache/content-cache';
import { CONTENT_CONFIG } from './config/content-config';
import type { ContentConfig } from './config/env';
import { ContentController } from './content/content.controller';
import { ContentRepository } from './content/content.repository';
import { ContentService } from './content/content.service';
import { FaqController } from './faq/faq.controller';
import { FaqRepository } from './faq/faq.repository';
import { FaqService } from './faq/faq.service';
import { FeedsController } from './feeds/feeds.controller';
import { FeedsService } from './feeds/feeds.service';
import { ConfirmationOutbox, SENDS_CONFIRMATIONS } from './newsletter/confirmation-outbox';
import { ConfirmationSender } from './newsletter/confirmation-sender';
import { NewsletterAnswers } from './newsletter/newsletter-answers';
import { NewsletterController } from './newsletter/newsletter.controller';
import { NewsletterRepository } from './newsletter/newsletter.repository';
import { NewsletterService } from './newsletter/newsletter.service';
import { PrismaService } from './prisma/prisma.service';
import { SearchDocumentsController } from './search-documents/search-documents.controller';
import { SearchDocumentsRepository } from './search-documents/search-documents.repository';
import { SearchDocumentsService } from './search-documents/search-documents.service';
import { SyncService } from './sync/sync.service';

export const SERVICE_NAME = 'content';

export const OPENAPI: OpenApiOptions = {
  title: 'ProbEdge content service',
  description: 'Guides, blogs and the FAQ. Educational content only, not investment advice.',
  tags: [
    { name: 'guides and blogs', description: 'The educational guides and blog posts' },
    { name: 'feeds', description: 'Atom feeds for feed readers' },
    { name: 'faq', description: 'The frequently asked questions' },
    {
      name: 'newsletter',
      description: 'Daily Insights by e-mail: sign-up, confirmation, unsubscribe, preview',
    },
    {
      name: 'internal',
      description: 'For the other services only, never through the gateway',
    },
  ],
  securitySchemes: { [ADMIN_TOKEN_SCHEME]: ADMIN_TOKEN_SECURITY },
};

@Module({})
export class AppModule implements NestModule {
  constructor(@Inject(CONTENT_CONFIG) private readonly config: ContentConfig) {}

  /**
   * `sendsMail: false` for one-off commands (the content sync): they queue nothing and must not
   * take confirmation mails off the queue.
   */
  static forRoot(config: ContentConfig, { sendsMail = true } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE_NAME, logLevel: config.LOG_LEVEL })],
      controllers: [
        ContentController,
        FeedsController,
        FaqController,
        NewsletterController,
        BriefingPreviewController,
        SearchDocumentsController,
      ],
      providers: [
        { provide: CONTENT_CONFIG, useValue: config },
        PrismaService,
        ContentCache,
        ContentRepository,
        ContentService,
        FeedsService,
        SearchDocumentsRepository,
        SearchDocumentsService,
        FaqRepository,
        FaqService,
        SyncService,
        mailerProvider(config),
        NewsletterRepository,
        NewsletterService,
        NewsletterAnswers,
        ConfirmationSender,
        ConfirmationOutbox,
        { provide: SENDS_CONFIRMATIONS, useValue: sendsMail },
        BriefingRepository,
        BriefingService,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // Texts, and so feeds of them, change only when a sync runs; shared caches may keep them as
    // long as this service does. Never the newsletter: its answers are about one visitor. Nor the
    // search documents: news revalidates them by ETag (no-cache).
    consumer
      .apply(sharedCache(this.config.CONTENT_CACHE_SECONDS))
      .forRoutes(ContentController, FeedsController, FaqController);
  }
}
