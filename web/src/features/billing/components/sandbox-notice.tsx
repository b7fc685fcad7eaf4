import { useId } from 'react';
import { SANDBOX_TEXT } from '../../../content/subscribe';
import { SandboxNoticeBox } from './billing.styles';

/** The billing sandbox names its checkout sessions cs_sandbox_…; Stripe's are cs_test_/cs_live_. */
export function isSandboxSession(sessionId: string | null | undefined): boolean {
  return typeof sessionId === 'string' && sessionId.startsWith('cs_sandbox_');
}

/** The session id a checkout url returns to, when it is the sandbox's success page. */
export function sandboxSessionOf(checkoutUrl: string): string | null {
  try {
    const sessionId = new URL(checkoutUrl, window.location.origin).searchParams.get('session_id');
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
