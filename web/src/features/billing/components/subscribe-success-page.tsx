import { useSearchParams } from 'react-router-dom';
import { SESSION_ID_DISPLAY_LENGTH } from '../../../lib/constants';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { Button, ButtonLink } from '../../../components/ui/button-link.styles';
import { PageTitle } from '../../../components/ui/page.styles';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { Spinner } from '../../../components/ui/spinner';
import {
  PROFESSIONAL_PLAN,
  SANDBOX_TEXT,
  SUBSCRIPTION_STATUS_TEXT,
  SUCCESS_TEXT,
} from '../../../content/subscribe';
import { appConfig } from '../../../lib/config';
import { pageReload } from '../../../lib/page-reload';
import { useActivation } from '../hooks/use-activation';
import { ButtonStack, StatusCard, StatusText } from '../../../components/ui/status-card.styles';
import { SuccessLine } from './billing.styles';
import { isSandboxSession, SandboxNotice } from './sandbox-notice';

function withSession(path: string, sessionId: string): string {
  return `${path}?session_id=${encodeURIComponent(sessionId)}`;
}

function SuccessView({ sessionId }: { sessionId: string }) {
  return (
    <StatusCard $tone="success" aria-labelledby="success-title">
      <PageTitle id="success-title">Welcome to the {PROFESSIONAL_PLAN.name}!</PageTitle>
      <StatusText>{SUCCESS_TEXT.activeText}</StatusText>
      <SuccessLine>{SUCCESS_TEXT.paymentSuccessful}</SuccessLine>
      {isSandboxSession(sessionId) && <SandboxNotice text={SANDBOX_TEXT.success} />}
      <StatusText>
        Session ID: <code>…{sessionId.slice(-SESSION_ID_DISPLAY_LENGTH)}</code>
      </StatusText>
      <ButtonStack>
        <ButtonLink to={withSession('/daytrader', sessionId)}>Go to Day Trader Page</ButtonLink>
        <ButtonLink to={withSession('/professional-trading', sessionId)}>
          Go to Professional Page
        </ButtonLink>
        <ButtonLink to="/account" $variant="secondary">
          Manage Subscription & Billing
        </ButtonLink>
        <ButtonLink to="/" $variant="secondary">
          Back to Home
        </ButtonLink>
      </ButtonStack>
    </StatusCard>
  );
}

function errorExplanation(sessionId: string | null, subscriptionStatus: string | null): string {
  if (!sessionId) return SUCCESS_TEXT.errorNoSession;
  if (subscriptionStatus) {
    return SUCCESS_TEXT.errorWithoutAccess(
      SUBSCRIPTION_STATUS_TEXT[subscriptionStatus] ?? subscriptionStatus,
    );
  }
  return SUCCESS_TEXT.errorNotConfirmed;
}

/**
 * The honest view for a failed activation, a subscription without access, or a missing session id:
 * Retry, the way back to the plan, and the support address.
 */
function ErrorView({
  sessionId,
  subscriptionStatus,
  refusal,
  onRetry,
}: {
  sessionId: string | null;
  subscriptionStatus: string | null;
  refusal: string | null;
  onRetry: () => void;
}) {
  const subject = encodeURIComponent(
    sessionId
      ? `Subscription activation (session …${sessionId.slice(-SESSION_ID_DISPLAY_LENGTH)})`
      : 'Subscription activation',
  );
  return (
    <StatusCard $tone="danger" aria-labelledby="error-title" role="alert">
      <PageTitle id="error-title">{SUCCESS_TEXT.errorTitle}</PageTitle>
      <StatusText>{refusal ?? errorExplanation(sessionId, subscriptionStatus)}</StatusText>
      <ButtonStack>
        <Button type="button" onClick={onRetry}>
          Retry
        </Button>
        <ButtonLink to="/subscribe" $variant="secondary">
          Back to Pricing
        </ButtonLink>
      </ButtonStack>
      <SignInLink returnTo="/professional-trading" />
      <StatusText>
        Need help? Write to{' '}
        <a href={`mailto:${appConfig.supportEmail}?subject=${subject}`}>{appConfig.supportEmail}</a>
        .
      </StatusText>
    </StatusCard>
  );
}

export function SubscribeSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') || null;
  const { status, subscriptionStatus, refusal, retry } = useActivation(sessionId);
  // With no session id there is nothing to activate again; Retry reads the address again instead.
  const onRetry = sessionId ? retry : () => pageReload.reload();

  return (
    <PageShell head={PAGE_HEADS.subscribeSuccess}>
      {status === 'pending' && (
        <StatusCard aria-labelledby="processing-title" aria-busy="true">
          <PageTitle id="processing-title">{SUCCESS_TEXT.processingTitle}</PageTitle>
          <StatusText>{SUCCESS_TEXT.processingText}</StatusText>
          <Spinner label="Activating subscription" />
        </StatusCard>
      )}
      {status === 'success' && sessionId && <SuccessView sessionId={sessionId} />}
      {(status === 'error' || status === 'inactive') && (
        <ErrorView
          sessionId={sessionId}
          subscriptionStatus={status === 'inactive' ? subscriptionStatus : null}
          refusal={refusal}
          onRetry={onRetry}
        />
      )}
    </PageShell>
  );
}
