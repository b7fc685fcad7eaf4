import { Inject, Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { PassthroughReply } from '@probedge/kit';
import { SIGN_IN_LINK_MINUTES } from '@probedge/proto';
import { stringifySetCookie } from 'cookie';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import {
  accessCookie,
  checkoutCookie,
  memberCookie,
  readCookie,
  signInCookie,
  type AccessCookie,
} from './access-cookie.util';

/** What a browser holds of ours: each value is a random token whose hash only is stored. */
export interface Visitor {
  /** The purchase cookie: access to the customer whose checkout this browser completed. */
  accessToken?: string;
  /** The member session cookie. */
  memberToken?: string;
  /** The checkout cookie: binds the checkouts this browser started to it. */
  checkoutToken?: string;
  /** The sign-in cookie: the links this browser asked for work here without a second question. */
  signInToken?: string;
}

/** What the cookies are read from: the request's headers. */
export interface VisitorRequest {
  headers: IncomingHttpHeaders;
}

/** The four cookies of billing, named once for this site (http or https). */
@Injectable()
export class VisitorCookies {
  readonly access: AccessCookie;
  readonly member: AccessCookie;
  readonly checkout: AccessCookie;
  readonly signIn: AccessCookie;

  constructor(@Inject(BILLING_CONFIG) config: BillingConfig) {
    this.access = accessCookie(config.PUBLIC_URL, config.ACCESS_COOKIE_MAX_AGE_DAYS);
    this.member = memberCookie(config.PUBLIC_URL, config.MEMBER_SESSION_DAYS);
    this.checkout = checkoutCookie(config.PUBLIC_URL);
    this.signIn = signInCookie(config.PUBLIC_URL, SIGN_IN_LINK_MINUTES);
  }

  read(req: VisitorRequest): Visitor {
    const header = req.headers.cookie;
    return {
      accessToken: readCookie(header, this.access.name),
      memberToken: readCookie(header, this.member.name),
      checkoutToken: readCookie(header, this.checkout.name),
      signInToken: readCookie(header, this.signIn.name),
    };
  }

  /** Adds a Set-Cookie to the answer (Fastify's reply keeps every one), written as Express wrote it. */
  set(res: PassthroughReply, cookie: AccessCookie, value: string): void {
    const { maxAge, ...options } = cookie.options;
    res.header(
      'set-cookie',
      stringifySetCookie({
        name: cookie.name,
        value,
        ...options,
        maxAge: Math.floor(maxAge / 1000),
        expires: new Date(Date.now() + maxAge),
      }),
    );
  }

  /** An empty value that expired long ago: the browser drops the cookie. */
  clear(res: PassthroughReply, cookie: AccessCookie): void {
    const { maxAge: _maxAge, ...options } = cookie.options;
    res.header(
      'set-cookie',
      stringifySetCookie({ name: cookie.name, value: '', ...options, expires: new Date(1) }),
    );
  }
}
