import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { MAILED_LINK_PAGES, type SignInConfirmed } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { ButtonLink } from '../../../components/ui/button-link.styles';
import { PageContainer, PageTitle } from '../../../components/ui/page.styles';
import { Spinner } from '../../../components/ui/spinner';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { useConfirmSignIn } from '../api/confirm-sign-in';
import { safeReturnTo } from '../hooks/safe-return-to';
import { ButtonStack, StatusCard, StatusText } from '../../../components/ui/status-card.styles';

const PATH = MAILED_LINK_PAGES.signInConfirm;
const TITLE = 'Signing in';
const DESCRIPTION = 'Signing you in with the link from your e-mail.';

type ConfirmState =
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
  { data, error }: { data?: SignInConfirmed; error?: unknown },
): ConfirmState {
  if (!token) return { step: 'failed', message: NO_TOKEN };
  if (error) return { step: 'failed', message: failureMessage(error) };
  if (data) return { step: 'signed-in', member: data };
  return { step: 'pending' };
}

/** Posts the link's token once (StrictMode runs effects twice; a link works only once). */
export function SignInConfirmPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // Read once: the token leaves the address bar (and the history entry) at once.
  const [token] = useState(() => params.get('token'));
  const { trigger, data, error } = useConfirmSignIn();
  const state = confirmState(token, { data, error });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void navigate(PATH, { replace: true });
    trigger(token).then(
      // Everything that depends on who this browser is asks again.
      () => void mutate(() => true),
      (failure: unknown) => console.error(failure),
    );
  }, [token, navigate, mutate, trigger]);

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['sign in']}
        path={PATH}
        noIndex
      />
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
    </PageContainer>
  );
}
