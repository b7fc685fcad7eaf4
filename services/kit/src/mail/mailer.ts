import type { FactoryProvider, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part: every message has one, for clients that show no HTML. */
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A stable Message-ID (with its angle brackets), so a copy sent twice reads as one message. */
  messageId?: string;
}

/**
 * The SMTP server refused or could not take the message. `permanent` (a 5xx answer) means trying
 * again will not help; anything else (4xx, connection trouble) may go through later.
 */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';

  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

/** The sender's address when MAIL_FROM does not name one. */
export const DEFAULT_MAIL_ADDRESS = 'no-reply@probedge.example';

/** The settings every service that sends mail takes. */
export const mailShape = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025')
    .describe(
      'Outgoing mail server, `smtp://` or `smtps://user:pass@host:port`; the default is the local mail catcher.',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .meta({
      description: `Sender of newsletter and sign-in mail; unset, \`BRAND_NAME <${DEFAULT_MAIL_ADDRESS}>\`.`,
      examples: [`ProbEdge <${DEFAULT_MAIL_ADDRESS}>`],
    }),
};

/** Who the mail is from: MAIL_FROM, else the configured brand's name at the default address. */
export function mailSender(config: { MAIL_FROM?: string; BRAND_NAME: string }): string {
  return config.MAIL_FROM ?? `${config.BRAND_NAME} <${DEFAULT_MAIL_ADDRESS}>`;
}

export interface MailerOptions {
  url: string;
  from: string;
  /** Keep connections open and reuse them across messages (batches). */
  pool?: boolean;
  maxConnections?: number;
}

/** The injection token of a service's Mailer. */
export const MAILER = Symbol('MAILER');

/** Outgoing mail over SMTP (nodemailer), one shared way for every service. */
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(private readonly options: MailerOptions) {
    const parsed = new URL(options.url);
    const secure = parsed.protocol === 'smtps:';
    this.transport = createTransport({
      host: parsed.hostname,
      port: Number(parsed.port) || (secure ? 465 : 587),
      secure,
      auth: parsed.username
        ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      ...(options.pool && { pool: true, maxConnections: options.maxConnections ?? 2 }),
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.options.from, ...message });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      const responseCode = typeof code === 'number' ? code : undefined;
      throw new MailDeliveryError(
        error instanceof Error ? error.message : String(error),
        responseCode !== undefined && responseCode >= 500,
        responseCode,
      );
    }
  }

  close(): void {
    this.transport.close();
  }

  onModuleDestroy(): void {
    this.close();
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML (element content or a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * The MAILER provider of a service's module: its SMTP server, from MAIL_FROM or the brand; `options`
 * keep a batch sender's connections open.
 */
export function mailerProvider(
  config: { SMTP_URL: string; MAIL_FROM?: string; BRAND_NAME: string },
  options: Pick<MailerOptions, 'pool' | 'maxConnections'> = {},
): FactoryProvider<Mailer> {
  return {
    provide: MAILER,
    useFactory: () => new Mailer({ url: config.SMTP_URL, from: mailSender(config), ...options }),
  };
}
