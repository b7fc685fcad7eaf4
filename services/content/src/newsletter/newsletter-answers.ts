import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { HTML_CONTENT_TYPE, type PassthroughReply } from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { confirmationPage } from './confirmation-page';
import type { NewsletterAnswerDto, NewsletterLinkRequestDto } from './newsletter.dto';
import { NewsletterError } from './newsletter.errors';
import { NewsletterService, TOKEN_PATTERN, type LinkOutcome } from './newsletter.service';
import { UNSUBSCRIBE_TOKEN_PATTERN } from './unsubscribe-token';

export const SIGN_UP_ANSWER = 'Check your inbox to confirm your subscription.';
export const LINK_ANSWERS = {
  unsubscribed:
    'You are unsubscribed from Daily Insights; no more e-mails will be sent to this address.',
  resubscribed: 'Welcome back: you are subscribed to Daily Insights again.',
  malformed: 'This link is malformed; open the whole link from the e-mail.',
  unknown: 'This link is unknown; sign up again on the home page if you want the e-mails.',
} as const;

const CONFIRMED = 'Your subscription to Daily Insights is confirmed.';

/** What opening a confirmation link did. */
type Confirmation =
  { confirmed: true; unsubscribeUrl: string } | { confirmed: false; refusal: NewsletterError };

/** The token of a link request, from the body or the query; 400 when missing or malformed. */
function linkToken(body: NewsletterLinkRequestDto, queryToken: unknown): string {
  const token = body.token ?? queryToken;
  if (typeof token !== 'string' || !UNSUBSCRIBE_TOKEN_PATTERN.test(token)) {
    throw new NewsletterError('NEWSLETTER_LINK_MALFORMED', LINK_ANSWERS.malformed);
  }
  return token;
}

function answerFor(outcome: LinkOutcome, message: string): NewsletterAnswerDto {
  if (outcome === 'unknown') {
    throw new NewsletterError('NEWSLETTER_LINK_UNKNOWN', LINK_ANSWERS.unknown);
  }
  return { message };
}

/**
 * The newsletter's answers to its HTTP requests: the texts, which outcome is which status, and a
 * page or JSON for the confirmation link. The controller makes one call here per route.
 */
@Injectable()
export class NewsletterAnswers {
  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly newsletter: NewsletterService,
  ) {}

  async signUp(email: string, client: string): Promise<NewsletterAnswerDto> {
    await this.newsletter.signUp(email, client);
    return { message: SIGN_UP_ANSWER };
  }

  /**
   * The confirmation link: a request that accepts text/html (a browser) gets a page with the
   * status of the outcome; anything else gets JSON, or the error answer.
   */
  async confirm(
    token: unknown,
    accept: string | undefined,
    res: PassthroughReply,
  ): Promise<NewsletterAnswerDto | string> {
    const outcome = await this.confirmation(token);
    if (!(accept ?? '').includes('text/html')) {
      if (!outcome.confirmed) throw outcome.refusal;
      return { message: CONFIRMED };
    }
    res.status(outcome.confirmed ? HttpStatus.OK : outcome.refusal.status);
    res.header('content-type', HTML_CONTENT_TYPE);
    return confirmationPage(
      outcome.confirmed,
      outcome.confirmed ? CONFIRMED : outcome.refusal.message,
      {
        publicUrl: this.config.PUBLIC_URL,
        brandName: this.config.BRAND_NAME,
        supportEmail: this.config.SUPPORT_EMAIL,
      },
      outcome.confirmed ? outcome.unsubscribeUrl : undefined,
    );
  }

  async unsubscribe(
    body: NewsletterLinkRequestDto,
    queryToken: unknown,
  ): Promise<NewsletterAnswerDto> {
    const outcome = await this.newsletter.unsubscribe(linkToken(body, queryToken));
    return answerFor(outcome, LINK_ANSWERS.unsubscribed);
  }

  async resubscribe(
    body: NewsletterLinkRequestDto,
    queryToken: unknown,
  ): Promise<NewsletterAnswerDto> {
    const outcome = await this.newsletter.resubscribe(linkToken(body, queryToken));
    return answerFor(outcome, LINK_ANSWERS.resubscribed);
  }

  private async confirmation(token: unknown): Promise<Confirmation> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
      return {
        confirmed: false,
        refusal: new NewsletterError(
          'NEWSLETTER_CONFIRMATION_MALFORMED',
          'This confirmation link is malformed; copy the whole link from the e-mail.',
        ),
      };
    }
    const confirmed = await this.newsletter.confirm(token);
    if (confirmed === null) {
      return {
        confirmed: false,
        refusal: new NewsletterError(
          'NEWSLETTER_CONFIRMATION_UNKNOWN',
          'This confirmation link is unknown or has expired; sign up again to get a new one.',
        ),
      };
    }
    return { confirmed: true, unsubscribeUrl: confirmed.unsubscribePage };
  }
}
