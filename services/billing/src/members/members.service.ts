import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { MAILER, MailOutbox, normaliseEmail, type Mailer } from '@probedge/kit';
import {
  MAILED_LINK_PAGES,
  SIGN_IN_LINK_MINUTES,
  type Member,
  type SignInConfirmed,
} from '@probedge/proto';
import { AccessService } from '../access/access.service';
import { hashToken, isWellFormedToken, newAccessToken } from '../access/access-cookie.util';
import type { Visitor } from '../access/visitor-cookies';
import { BillingRepository } from '../billing/billing.repository';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { MemberError, SignInLimitedError } from './members.errors';
import { MembersRepository, type ClaimedMail } from './members.repository';
import { signInMail } from './sign-in-mail';

/** The answer to every sign-in request: it never tells whether an address is a member. */
export const SIGN_IN_ACCEPTED_MESSAGE = `If that address can receive mail, a sign-in link is on its way. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`;

export const LINK_INVALID_MESSAGE =
  'This sign-in link is no longer valid: links work once, for 20 minutes. Ask for a new one.';

const DELIVERY_ATTEMPTS = 3;
const DELIVERY_BACKOFF_MS = 1000;
/** How often each process looks for sign-in mail that waits: its sender died, or a retry is due. */
const MAIL_SWEEP_MS = 5000;
const MAIL_SWEEP_BATCH = 20;

/** What the person chose on the confirm page. */
export interface SignInChoice {
  /** The link's address, named again: needed when another browser asked for the link. */
  confirmEmail?: string;
  /** The member signed in here now, named: needed to switch this browser to another member. */
  switchFrom?: string;
}

export interface SignInLinkDetails {
  /** The address the link signs in. */
  email: string;
  /** Whether this browser asked for the link. */
  sameBrowser: boolean;
  /** The member this browser is signed in as now, if any. */
  signedInAs: string | null;
}

export interface RequestedSignIn {
  message: string;
  /** The sign-in cookie value of the asking browser. */
  browserToken: string;
}

function askedHere(browserHash: string | null, signInToken: string | undefined): boolean {
  return (
    browserHash !== null && isWellFormedToken(signInToken) && hashToken(signInToken) === browserHash
  );
}

export interface StartedSession {
  confirmed: SignInConfirmed;
  /** The member session cookie value. */
  sessionToken: string;
}

/**
 * Sign-in by e-mail link. Every address gets a link (confirming it makes the address a member),
 * so the answer, and the work behind it, are the same for members and strangers.
 */
@Injectable()
export class MembersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly outbox: MailOutbox<ClaimedMail>;

  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly members: MembersRepository,
    private readonly billing: BillingRepository,
    private readonly access: AccessService,
  ) {
    this.outbox = new MailOutbox<ClaimedMail>({
      name: 'sign-in mail',
      store: {
        claim: (id, now, leaseUntil) => members.claimMail(id, now, leaseUntil),
        claimDue: (now, leaseUntil, limit) => members.claimDueMails(now, leaseUntil, limit),
        finish: (mail) => members.finishMail(mail.id),
        retryAt: (mail, at) => members.retryMailAt(mail.id, at),
      },
      send: (mail) =>
        mailer.send(
          signInMail({
            to: mail.email,
            link: mail.link,
            brand: config.BRAND_NAME,
            minutes: SIGN_IN_LINK_MINUTES,
          }),
        ),
      leaseMs: config.SIGN_IN_MAIL_LEASE_SECONDS * 1000,
      attempts: DELIVERY_ATTEMPTS,
      retryDelayMs: (attempt) => DELIVERY_BACKOFF_MS * 4 ** (attempt - 1),
      sweepMs: MAIL_SWEEP_MS,
      sweepBatch: MAIL_SWEEP_BATCH,
      logger: new Logger(MembersService.name),
    });
  }

  /**
   * Stores a link bound to the asking browser's sign-in cookie (`browserToken`, made if it has
   * none) and mails it after the answer. Answers the cookie value to set.
   */
  async requestSignIn(
    rawEmail: string,
    returnTo: string | undefined,
    browserToken: string | undefined,
  ): Promise<RequestedSignIn> {
    const verdict = normaliseEmail(rawEmail);
    if (!verdict.ok) throw new MemberError('SIGN_IN_EMAIL_INVALID', verdict.reason);
    const email = verdict.email;
    const browser = isWellFormedToken(browserToken) ? browserToken : newAccessToken();
    const now = Date.now();
    const windowMs = this.config.SIGN_IN_ADDRESS_WINDOW_SECONDS * 1000;
    const token = newAccessToken();
    const tokenHash = hashToken(token);
    const link = new URL(MAILED_LINK_PAGES.signInConfirm, this.config.PUBLIC_URL);
    link.searchParams.set('token', token);
    // The mail is written with the token: once answered, a crash cannot lose it (see sweep).
    const outcome = await this.members.createSignInTokenWithinLimit(
      {
        tokenHash,
        email,
        returnTo: returnTo ?? null,
        expiresAt: new Date(now + SIGN_IN_LINK_MINUTES * 60_000),
        browserHash: hashToken(browser),
        pendingMail: link.toString(),
      },
      this.config.SIGN_IN_ADDRESS_LIMIT,
      new Date(now - windowMs),
    );
    if (!outcome.created) {
      throw new SignInLimitedError(
        Math.max(1, Math.ceil((outcome.oldest.getTime() + windowMs - now) / 1000)),
      );
    }
    // Sent after answering, on a later turn: how long a mail server takes must not tell one
    // address from another, nor hold the answer up.
    this.outbox.sendSoon(tokenHash);
    return { message: SIGN_IN_ACCEPTED_MESSAGE, browserToken: browser };
  }

  /**
   * Who a link would sign in, without using it: the page shows it before anyone decides, and says
   * whether this browser asked for it and who is signed in here now.
   */
  async lookup(token: string, visitor: Visitor): Promise<SignInLinkDetails> {
    const link = await this.members.findUsableSignInToken(hashToken(token), new Date());
    if (!link) throw new MemberError('SIGN_IN_LINK_INVALID', LINK_INVALID_MESSAGE);
    const current = await this.access.member(visitor.memberToken);
    return {
      email: link.email,
      sameBrowser: askedHere(link.browserHash, visitor.signInToken),
      signedInAs: current?.email ?? null,
    };
  }

  /**
   * Uses the link once and starts a member session for its address. A link works at once only in
   * the browser that asked for it; elsewhere the person must confirm the address it signs in, and
   * a browser signed in as someone else is switched only when they chose to.
   */
  async confirm(token: string, visitor: Visitor, choice: SignInChoice): Promise<StartedSession> {
    const now = new Date();
    const link = await this.members.findUsableSignInToken(hashToken(token), now);
    if (!link) throw new MemberError('SIGN_IN_LINK_INVALID', LINK_INVALID_MESSAGE);
    if (!askedHere(link.browserHash, visitor.signInToken) && choice.confirmEmail !== link.email) {
      throw new MemberError(
        'SIGN_IN_CONFIRMATION_REQUIRED',
        'This link was asked for in another browser: confirm the address it signs in first.',
      );
    }
    const current = await this.access.member(visitor.memberToken);
    if (current && current.email !== link.email && choice.switchFrom !== current.email) {
      throw new MemberError(
        'SIGN_IN_WOULD_SWITCH',
        `This browser is signed in as ${current.email}: choose whether to switch first.`,
      );
    }
    const sessionToken = newAccessToken();
    const started = await this.billing.transaction(async (db) => {
      const consumed = await this.members.consumeSignInToken(hashToken(token), now, db);
      if (!consumed) return null;
      const member = await this.members.ensureMember(consumed.email, db);
      await this.members.markVerified(member.id, now, db);
      await this.members.createSession(
        {
          tokenHash: hashToken(sessionToken),
          memberId: member.id,
          expiresAt: new Date(now.getTime() + this.config.MEMBER_SESSION_DAYS * 86_400_000),
        },
        db,
      );
      return { member, returnTo: consumed.returnTo };
    });
    if (!started) throw new MemberError('SIGN_IN_LINK_INVALID', LINK_INVALID_MESSAGE);
    if (current && isWellFormedToken(visitor.memberToken)) {
      await this.members.revokeSession(hashToken(visitor.memberToken), now);
    }
    const state = await this.access.stateOf(await this.members.customersOf(started.member.id));
    return {
      sessionToken,
      confirmed: {
        email: started.member.email,
        ...state,
        returnTo: started.returnTo ?? '/account',
      },
    };
  }

  async signOut(memberToken: string | undefined): Promise<void> {
    if (memberToken && /^[A-Za-z0-9_-]{43}$/.test(memberToken)) {
      await this.members.revokeSession(hashToken(memberToken), new Date());
    }
  }

  /** The signed-in member with their access; NOT_SIGNED_IN without a live member session. */
  async me(memberToken: string | undefined): Promise<Member> {
    const member = await this.access.member(memberToken);
    if (!member) throw new MemberError('NOT_SIGNED_IN', 'Not signed in');
    const state = await this.access.stateOf(await this.members.customersOf(member.id));
    return { email: member.email, ...state };
  }

  /** Mail that waits (its sender died, or a retry is due) is looked for every few seconds. */
  onApplicationBootstrap(): void {
    this.outbox.start();
  }

  /** Mail still being sent is finished before the process exits; the rest waits in the table. */
  async onApplicationShutdown(): Promise<void> {
    await this.outbox.stop();
  }
}
