import { useId } from 'react';
import { SANDBOX_TEXT } from '../../../content/subscribe';
import { SandboxNoticeBox } from './billing.styles';

/** The billing sandbox names its checkout sessions cs_sandbox_…; Stripe's are cs_test_/cs_live_. */
export function isSandboxSession(sessionId: string | null | undefined): boolean {
  return typeof sessionId === 'string' && sessionId.startsWith('cs_sandbox_');
}

/**
 * The sandbox session a checkout url belongs to: the sandbox's own checkout page
 * (`/api/billing/sandbox-checkout/cs_sandbox_…`) or a success page carrying its id.
 */
export function sandboxSessionOf(checkoutUrl: string): string | null {
  try {
    const url = new URL(checkoutUrl, window.location.origin);
    const lastSegment = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const sessionId = isSandboxSession(lastSegment)
      ? lastSegment
      : url.searchParams.get('session_id');
    return isSandboxSession(sessionId) ? sessionId : null;
  } catch {
    return null;
  }
}

export function SandboxNotice({ text }: { text: string }) {
  const labelId = useId();
  return (
    <SandboxNoticeBox role="note" aria-labelledby={labelId}>
      <strong id={labelId}>{SANDBOX_TEXT.label}</strong>
      {text}
    </SandboxNoticeBox>
  );
}
