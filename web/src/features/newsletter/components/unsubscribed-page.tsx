import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MAILED_LINK_PAGES, type NewsletterAnswer } from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { Button, ButtonLink } from '../../../components/ui/button-link.styles';
import { PageTitle } from '../../../components/ui/page.styles';
import { Spinner } from '../../../components/ui/spinner';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { ButtonStack, StatusCard, StatusText } from '../../../components/ui/status-card.styles';
import { useNewsletterLink, type NewsletterLinkAction } from '../api/newsletter-link';

export const NO_LINK =
  'This page needs the unsubscribe link from one of our e-mails, and the address does not carry one.';

type LinkState =
  | { step: 'working'; action: NewsletterLinkAction }
  | { step: 'done'; action: NewsletterLinkAction; message: string }
  | { step: 'failed'; action: NewsletterLinkAction; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof HttpError && (error.status === 400 || error.status === 404)) {
    return apiErrorMessage(error) ?? NO_LINK;
  }
  return 'That did not work right now. Please try again in a moment.';
}

function linkState(
  token: string | null,
  action: NewsletterLinkAction,
  { data, error, isMutating }: { data?: NewsletterAnswer; error?: unknown; isMutating: boolean },
): LinkState {
  if (!token) return { step: 'failed', action, message: NO_LINK };
  if (isMutating) return { step: 'working', action };
  if (error) return { step: 'failed', action, message: failureMessage(error) };
  if (data) return { step: 'done', action, message: data.message };
  // Before the request on arrival has started.
  return { step: 'working', action };
}

/** How the last action went: its message, what can be done next, and the way home. */
function Outcome({ message, children }: { message: string; children: ReactNode }) {
  return (
    <>
      <StatusText>{message}</StatusText>
      <ButtonStack>
        {children}
        <ButtonLink to="/" $variant="secondary">
          Back to the home page
        </ButtonLink>
      </ButtonStack>
    </>
  );
}

/**
 * The visible unsubscribe link of every newsletter e-mail lands here: it unsubscribes at once (the
 * reader asked by clicking) and offers the way back with the same signed token.
 */
export function UnsubscribedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Read once: the token leaves the address bar (and the history entry) at once.
  const [token] = useState(() => params.get('token'));
  // The action asked for last: the page shows how that one went.
  const [action, setAction] = useState<NewsletterLinkAction>('unsubscribe');
  const unsubscribe = useNewsletterLink('unsubscribe');
  const resubscribe = useNewsletterLink('resubscribe');
  const { data, error, isMutating } = action === 'unsubscribe' ? unsubscribe : resubscribe;
  const state = linkState(token, action, { data, error, isMutating });
  const started = useRef(false);

  const unsubscribeWith = unsubscribe.trigger;
  const resubscribeWith = resubscribe.trigger;
  const run = useCallback(
    (next: NewsletterLinkAction) => {
      if (!token) return;
      setAction(next);
      const request = next === 'unsubscribe' ? unsubscribeWith(token) : resubscribeWith(token);
      request.catch((failure: unknown) => console.error(failure));
    },
    [token, unsubscribeWith, resubscribeWith],
  );

  useEffect(() => {
    // StrictMode runs effects twice; unsubscribing twice is harmless, but one request is enough.
    if (!token || started.current) return;
    started.current = true;
    void navigate(MAILED_LINK_PAGES.newsletterUnsubscribed, { replace: true });
    run('unsubscribe');
  }, [token, navigate, run]);

  const unsubscribed = state.step === 'done' && state.action === 'unsubscribe';
  return (
    <PageShell head={PAGE_HEADS.newsletter}>
      {state.step === 'working' && (
        <StatusCard aria-labelledby="newsletter-title" aria-busy="true">
          <PageTitle id="newsletter-title">
            {state.action === 'unsubscribe' ? 'Unsubscribing' : 'Subscribing again'}
          </PageTitle>
          <Spinner label="Working" />
        </StatusCard>
      )}
      {state.step === 'done' && (
        <StatusCard $tone="success" aria-labelledby="newsletter-title" role="status">
          <PageTitle id="newsletter-title">
            {unsubscribed ? "You're unsubscribed" : "You're subscribed again"}
          </PageTitle>
          <Outcome message={state.message}>
            {unsubscribed ? (
              <Button type="button" onClick={() => run('resubscribe')}>
                Resubscribe
              </Button>
            ) : (
              <Button type="button" $variant="secondary" onClick={() => run('unsubscribe')}>
                Unsubscribe
              </Button>
            )}
          </Outcome>
        </StatusCard>
      )}
      {state.step === 'failed' && (
        <StatusCard $tone="danger" aria-labelledby="newsletter-title" role="alert">
          <PageTitle id="newsletter-title">This link did not work</PageTitle>
          <Outcome message={state.message}>
            {token && (
              <Button type="button" onClick={() => run(state.action)}>
                Try again
              </Button>
            )}
          </Outcome>
        </StatusCard>
      )}
    </PageShell>
  );
}
