import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { MAILED_LINK_PAGES, type SignInConfirmed, type SignInLink } from '@probedge/proto';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { Button, ButtonLink } from '../../../components/ui/button-link.styles';
import { PageTitle } from '../../../components/ui/page.styles';
import { Spinner } from '../../../components/ui/spinner';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { useConfirmSignIn } from '../api/confirm-sign-in';
import { signInLinkKey, useSignInLink } from '../api/get-sign-in-link';
import { safeReturnTo } from '../hooks/safe-return-to';
import { ButtonStack, StatusCard, StatusText } from '../../../components/ui/status-card.styles';

type ConfirmState =
  | { step: 'checking' }
  | { step: 'choose'; link: SignInLink }
  | { step: 'pending' }
  | { step: 'signed-in'; member: SignInConfirmed }
  | { step: 'failed'; message: string };

const NO_TOKEN =
  'This page needs the sign-in link from your e-mail, and the address does not carry one. Ask for a new link.';

function failureMessage(error: unknown): string {
  if (error instanceof HttpError && (error.status === 400 || error.status === 410)) {
    return apiErrorMessage(error) ?? NO_TOKEN;
  }
  return 'You could not be signed in right now. Please open the link again in a moment.';
}

function confirmState(
  token: string | null,
  lookup: { data?: SignInLink; error?: unknown },
  confirmation: { data?: SignInConfirmed; error?: unknown; isMutating: boolean },
): ConfirmState {
  if (!token) return { step: 'failed', message: NO_TOKEN };
  if (confirmation.error) return { step: 'failed', message: failureMessage(confirmation.error) };
  if (confirmation.data) return { step: 'signed-in', member: confirmation.data };
  if (confirmation.isMutating) return { step: 'pending' };
  if (lookup.error) return { step: 'failed', message: failureMessage(lookup.error) };
  if (lookup.data) return { step: 'choose', link: lookup.data };
  return { step: 'checking' };
}

/**
 * Shows who the link signs in and waits for the person to choose: a link opened in a browser that
 * did not ask for it, or one signed in as someone else, must never sign anyone in by itself.
 */
export function SignInConfirmPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // Read once: the token leaves the address bar (and the history entry) at once.
  const [token] = useState(() => params.get('token'));
  const lookup = useSignInLink(token);
  const confirmation = useConfirmSignIn();
  const state = confirmState(token, lookup, confirmation);

  useEffect(() => {
    if (token) void navigate(MAILED_LINK_PAGES.signInConfirm, { replace: true });
  }, [token, navigate]);

  const signIn = (link: SignInLink) => {
    if (!token) return;
    confirmation
      .trigger({
        token,
        ...(!link.sameBrowser && { confirmEmail: link.email }),
        ...(link.signedInAs && link.signedInAs !== link.email && { switchFrom: link.signedInAs }),
      })
      .then(
        // Everything that depends on who this browser is asks again; the link itself is used up.
        () => void mutate((key) => !(Array.isArray(key) && key[0] === signInLinkKey(token)[0])),
        (failure: unknown) => console.error(failure),
      );
  };

  return (
    <PageShell head={PAGE_HEADS.signInConfirm}>
      {state.step === 'checking' && (
        <StatusCard aria-labelledby="confirm-title" aria-busy="true">
          <PageTitle id="confirm-title">Checking your link</PageTitle>
          <Spinner label="Checking the link" />
        </StatusCard>
      )}
      {state.step === 'choose' && <SignInChoiceCard link={state.link} onSignIn={signIn} />}
      {state.step === 'pending' && (
        <StatusCard aria-labelledby="confirm-title" aria-busy="true">
          <PageTitle id="confirm-title">Signing you in</PageTitle>
          <Spinner label="Signing in" />
        </StatusCard>
      )}
      {state.step === 'signed-in' && (
        <StatusCard $tone="success" aria-labelledby="confirm-title" role="status">
          <PageTitle id="confirm-title">You&apos;re signed in</PageTitle>
          <StatusText>Signed in as {state.member.email}.</StatusText>
          {!state.member.hasAccess && (
            <StatusText>
              No active subscription is linked to this address yet. If you paid with another
              address, sign in with that one.
            </StatusText>
          )}
          <ButtonStack>
            <ButtonLink to={safeReturnTo(state.member.returnTo) ?? '/account'}>Continue</ButtonLink>
          </ButtonStack>
        </StatusCard>
      )}
      {state.step === 'failed' && (
        <StatusCard $tone="danger" aria-labelledby="confirm-title" role="alert">
          <PageTitle id="confirm-title">This link did not sign you in</PageTitle>
          <StatusText>{state.message}</StatusText>
          <ButtonStack>
            <ButtonLink to="/sign-in">Send a new link</ButtonLink>
          </ButtonStack>
        </StatusCard>
      )}
    </PageShell>
  );
}

function SignInChoiceCard({
  link,
  onSignIn,
}: {
  link: SignInLink;
  onSignIn: (link: SignInLink) => void;
}) {
  const switching = link.signedInAs !== null && link.signedInAs !== link.email;
  if (switching) {
    return (
      <StatusCard $tone="danger" aria-labelledby="confirm-title" role="region">
        <PageTitle id="confirm-title">Switch who is signed in?</PageTitle>
        <StatusText>This browser is signed in as {link.signedInAs}.</StatusText>
        <StatusText>This link signs in {link.email}.</StatusText>
        {!link.sameBrowser && (
          <StatusText>
            It was asked for in another browser. Switch only if {link.email} is your address and you
            asked for this link.
          </StatusText>
        )}
        <ButtonStack>
          <Button type="button" onClick={() => onSignIn(link)}>
            Switch to {link.email}
          </Button>
          <ButtonLink to="/account" $variant="secondary">
            Stay signed in as {link.signedInAs}
          </ButtonLink>
        </ButtonStack>
      </StatusCard>
    );
  }
  if (!link.sameBrowser) {
    return (
      <StatusCard $tone="danger" aria-labelledby="confirm-title" role="region">
        <PageTitle id="confirm-title">Is this your address?</PageTitle>
        <StatusText>This link signs in {link.email}.</StatusText>
        <StatusText>
          It was asked for in another browser. Continue only if {link.email} is your address and you
          asked for this link; anything you buy afterwards belongs to that address.
        </StatusText>
        <ButtonStack>
          <Button type="button" onClick={() => onSignIn(link)}>
            Yes, sign in as {link.email}
          </Button>
          <ButtonLink to="/" $variant="secondary">
            Not me
          </ButtonLink>
        </ButtonStack>
      </StatusCard>
    );
  }
  return (
    <StatusCard aria-labelledby="confirm-title" role="region">
      <PageTitle id="confirm-title">Sign in</PageTitle>
      <StatusText>This link signs in {link.email}.</StatusText>
      <ButtonStack>
        <Button type="button" onClick={() => onSignIn(link)}>
          Sign in as {link.email}
        </Button>
      </ButtonStack>
    </StatusCard>
  );
}
