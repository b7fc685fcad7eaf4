import { useId, useState, type FormEvent } from 'react';
import { ScriptButton } from '../../../components/ui/script-button';
import { HOME_NEWSLETTER } from '../../../content/home';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import {
  EmailInput,
  FieldError,
  FieldRow,
  NewsletterBox,
  SuccessBox,
} from './newsletter-form.styles';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FormState =
  { status: 'idle' | 'sending' } | { status: 'error'; message: string } | { status: 'done' };

function failureMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 400) return apiErrorMessage(error) ?? HOME_NEWSLETTER.invalid;
    if (error.status === 429) return HOME_NEWSLETTER.tooMany;
  }
  return HOME_NEWSLETTER.failed;
}

function formState({
  invalid,
  data,
  error,
  isMutating,
}: {
  invalid: boolean;
  data?: unknown;
  error?: unknown;
  isMutating: boolean;
}): FormState {
  if (isMutating) return { status: 'sending' };
  if (invalid) return { status: 'error', message: HOME_NEWSLETTER.invalid };
  if (error) return { status: 'error', message: failureMessage(error) };
  if (data) return { status: 'done' };
  return { status: 'idle' };
}

/** 'Get Daily Insights': double opt-in, so success only ever says to check the inbox. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  // An address that is not an e-mail is refused here, without asking the server.
  const [invalid, setInvalid] = useState(false);
  const { trigger, data, error, isMutating } = useSubscribeNewsletter();
  const state = formState({ invalid, data, error, isMutating });
  const inputId = useId();
  const errorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    const valid = EMAIL_PATTERN.test(address);
    setInvalid(!valid);
    // A failure is shown from the hook's error; there is nothing more to do with it here.
    if (valid) void trigger(address, { throwOnError: false });
  }

  return (
    <NewsletterBox aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{HOME_NEWSLETTER.title}</h2>
      <p>{HOME_NEWSLETTER.text}</p>
      {state.status === 'done' ? (
        <SuccessBox role="status">
          <strong>{HOME_NEWSLETTER.success}</strong>
          <span>{HOME_NEWSLETTER.successDetail}</span>
        </SuccessBox>
      ) : (
        <form noValidate onSubmit={submit}>
          <label htmlFor={inputId}>E-mail address</label>
          <FieldRow>
            <EmailInput
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={state.status === 'error' || undefined}
              aria-describedby={state.status === 'error' ? errorId : undefined}
            />
            <ScriptButton type="submit" disabled={state.status === 'sending'}>
              {state.status === 'sending' ? 'Subscribing...' : 'Subscribe'}
            </ScriptButton>
          </FieldRow>
          {state.status === 'error' && (
            <FieldError id={errorId} role="alert">
              {state.message}
            </FieldError>
          )}
        </form>
      )}
    </NewsletterBox>
  );
}
