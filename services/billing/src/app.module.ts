import { DynamicModule, Logger, Module } from '@nestjs/common';
import { KitModule, mailerProvider, type OpenApiOptions } from '@probedge/kit';
import { AccessService } from './access/access.service';
import { BILLING_SECURITY_SCHEMES } from './access/security-schemes';
import { VisitorCookies } from './access/visitor-cookies';
import { BillingController } from './billing/billing.controller';
import { BillingRepository } from './billing/billing.repository';
import { BillingService } from './billing/billing.service';
import { BILLING_CONFIG } from './config/billing-config';
import type { BillingConfig } from './config/env';
import { PrismaService } from './prisma/prisma.service';
import { BILLING_PROVIDER, type BillingProvider } from './provider/billing-provider';
import { createStripeClient, StripeProvider } from './provider/stripe.provider';
import { MembersController } from './members/members.controller';
import { MembersRepository } from './members/members.repository';
import { MembersService } from './members/members.service';
import { SandboxCheckoutController } from './sandbox/sandbox-checkout.controller';
import { SandboxCheckoutService } from './sandbox/sandbox-checkout.service';
import { SandboxPortalController } from './sandbox/sandbox-portal.controller';
import { SandboxPortalService } from './sandbox/sandbox-portal.service';
import { SandboxProvider } from './sandbox/sandbox.provider';
import { SandboxRepository } from './sandbox/sandbox.repository';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

export const SERVICE_NAME = 'billing';

export const OPENAPI: OpenApiOptions = {
  title: 'ProbEdge billing service',
  description:
    'Checkout, activation, members (sign-in by e-mail link), access checks, Stripe webhooks and the customer portal for the Professional Trading App.',
  tags: [
    {
      name: 'billing',
      description: 'Checkout, activation, access checks, the customer portal and Stripe events',
    },
    { name: 'members', description: 'Sign-in by e-mail link and the member session' },
    {
      name: 'sandbox billing',
      description: "Pages standing in for Stripe's when no Stripe key is set; no payment is taken",
    },
  ],
  securitySchemes: BILLING_SECURITY_SCHEMES,
};

export function createProvider(config: BillingConfig, sandbox: SandboxRepository): BillingProvider {
  const logger = new Logger('BillingProvider');
  if (config.STRIPE_SECRET_KEY) {
    logger.log(
      `Stripe provider active (${config.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test'} mode)`,
    );
    return new StripeProvider(createStripeClient(config), config);
  }
  logger.warn(
    'SANDBOX billing provider active: STRIPE_SECRET_KEY is not set, checkouts complete without any real payment',
  );
  return new SandboxProvider(sandbox, config.PUBLIC_URL);
}

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [KitModule.forRoot({ service: SERVICE_NAME, logLevel: config.LOG_LEVEL })],
      controllers: [
        BillingController,
        MembersController,
        WebhooksController,
        SandboxCheckoutController,
        SandboxPortalController,
      ],
      providers: [
        { provide: BILLING_CONFIG, useValue: config },
        PrismaService,
        BillingRepository,
        SandboxRepository,
        {
          provide: BILLING_PROVIDER,
          useFactory: (sandbox: SandboxRepository) => createProvider(config, sandbox),
          inject: [SandboxRepository],
        },
        mailerProvider(config),
        VisitorCookies,
        MembersRepository,
        AccessService,
        BillingService,
        MembersService,
        WebhooksService,
        SandboxCheckoutService,
        SandboxPortalService,
      ],
    };
  }
}
