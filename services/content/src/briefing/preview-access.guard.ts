import type { IncomingHttpHeaders } from 'node:http';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ADMIN_TOKEN_HEADER, sameSecret } from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { BriefingError } from './briefing.errors';

/**
 * Operators only: the admin token in X-Admin-Token. Without CONTENT_ADMIN_TOKEN the route does
 * not exist (404, as for any unknown path); a missing token is 401, a wrong one 403.
 */
@Injectable()
export class PreviewAccessGuard implements CanActivate {
  constructor(@Inject(CONTENT_CONFIG) private readonly config: ContentConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ url: string; headers: IncomingHttpHeaders }>();
    const expected = this.config.CONTENT_ADMIN_TOKEN;
    // Worded as the framework's answer to an unknown path.
    if (expected === undefined) {
      throw new BriefingError('PREVIEW_OFF', `Cannot GET ${request.url.split('?')[0]}`);
    }
    const token = request.headers[ADMIN_TOKEN_HEADER];
    if (typeof token !== 'string' || token === '') {
      throw new BriefingError(
        'PREVIEW_TOKEN_MISSING',
        `The preview needs the admin token in ${ADMIN_TOKEN_HEADER}`,
      );
    }
    if (!sameSecret(token, expected)) {
      throw new BriefingError('PREVIEW_TOKEN_WRONG', 'The admin token is wrong');
    }
    return true;
  }
}
