import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIGN_IN_LINK_MINUTES } from '@probedge/proto';
import { SIGN_IN_RESEND_SECONDS } from '../../../lib/constants';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { Button } from '../../../components/ui/button-link.styles';
import { PageTitle } from '../../../components/ui/page.styles';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { useRequestSignIn, type SignInLinkSent } from '../api/request-sign-in';
import { safeReturnTo } from '../hooks/safe-return-to';
import { ButtonStack, StatusCard, StatusText } from '../../../components/ui/status-card.styles';
import { SignInForm } from './billing.styles';

type SignInState =
  | { step: 'form' }
  | { step: 'sending' }
  | { step: 'sent'; email: string; sentAt: number }
  | { step: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof HttpError && (error.status === 400 || error.status === 429)) {
    return apiErrorMessage(error) ?? 'Please check the address and try again.';
  }
  return 'The sign-in link could not be sent right now. Please try again in a moment.';
}

function signInState({
  data,
  error,
  isMutating,
}: {
  data?: SignInLinkSent;
  error?: unknown;
  isMutating: boolean;
}): SignInState {
  if (isMutating) return { step: 'sending' };
  if (error) return { step: 'failed', message: failureMessage(error) };
  if (data) return { step: 'sent', email: data.email, sentAt: data.sentAt };
  return { step: 'form' };
}

/** Seconds until "Send again" is offered, counting down once a second. */
function useSecondsLeft(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  if (since === null) return 0;
  return Math.max(0, SIGN_IN_RESEND_SECONDS - Math.floor((now - since) / 1000));
}

export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const inputId = useId();
  const [email, setEmail] = useState('');
  const { trigger, data, error, isMutating, reset } = useRequestSignIn();
  const state = signInState({ data, error, isMutating });
  const secondsLeft = useSecondsLeft(state.step === 'sent' ? state.sentAt : null);

  function send(address: string) {
    trigger({ email: address, returnTo }).catch((failure: unknown) => console.error(failure));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(email.trim());
  }

  return (
    <PageShell head={PAGE_HEADS.signIn}>
      <StatusCard aria-labelledby="sign-in-title">
        <PageTitle id="sign-in-title">{PAGE_HEADS.signIn.title}</PageTitle>
        {state.step === 'sent' ? (
          <div role="status">
            <StatusText>
              <strong>Check your inbox.</strong> If {state.email} can receive mail, a sign-in link
              is on its way. It works once, for {SIGN_IN_LINK_MINUTES} minutes.
            </StatusText>
            <ButtonStack>
              <Button
                type="button"
                $variant="secondary"
                disabled={secondsLeft > 0}
                onClick={() => send(state.email)}
              >
                {secondsLeft > 0 ? `Send again in ${secondsLeft} s` : 'Send again'}
              </Button>
              <Button type="button" $variant="secondary" onClick={() => reset()}>
                Use another address
              </Button>
            </ButtonStack>
          </div>
        ) : (
          <>
            <StatusText>
              Subscribed already? Enter the e-mail address you paid with and we will send you a link
              that signs you in on this browser. No password needed.
            </StatusText>
            <SignInForm onSubmit={onSubmit} noValidate={false}>
              <label htmlFor={inputId}>E-mail</label>
              <input
                id={inputId}
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={state.step === 'failed' ? `${inputId}-error` : undefined}
                aria-invalid={state.step === 'failed' ? true : undefined}
              />
              <Button
                type="submit"
                disabled={state.step === 'sending'}
                aria-busy={state.step === 'sending'}
              >
                {state.step === 'sending' ? 'Sending...' : 'Email me a sign-in link'}
              </Button>
            </SignInForm>
            {state.step === 'failed' && (
              <StatusText id={`${inputId}-error`} role="alert">
                {state.message}
              </StatusText>
            )}
          </>
        )}
      </StatusCard>
    </PageShell>
  );
}
