import { Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where outgoing mail goes: an SMTP server, or the log when none is configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const MAILER = Symbol('MAILER');

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    const secure = parsed.protocol === 'smtps:';
    this.transport = createTransport({
      host: parsed.hostname,
      port: Number(parsed.port) || (secure ? 465 : 587),
      secure,
      auth: parsed.username
        ? {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          }
        : undefined,
      connectionTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

/** Local default: the message (with its link) is logged so a developer can follow it. */
export class LogMailer implements Mailer {
  private readonly logger = new Logger('mail');

  send(message: MailMessage): Promise<void> {
    this.logger.log(
      { to: message.to, subject: message.subject, text: message.text },
      'mail (no SMTP_URL set)',
    );
    return Promise.resolve();
  }

  close(): void {}
}
