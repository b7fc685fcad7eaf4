import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { productOffer } from '../../../components/seo/structured-data';
import { ScriptButton } from '../../../components/ui/script-button';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageTitle } from '../../../components/ui/page.styles';
import {
  CHECKOUT_TOASTS,
  PROFESSIONAL_PLAN,
  SANDBOX_TEXT,
  SUBSCRIBE_LINES,
} from '../../../content/subscribe';
import { HttpError } from '../../../lib/api-client';
import { browserWindow } from '../../../lib/browser-window';
import { appConfig } from '../../../lib/config';
import { toast } from '../../../lib/toast-store';
import { newIdempotencyKey, useCreateCheckoutSession } from '../api/create-checkout-session';
import {
  Badge,
  FeatureList,
  PlanCard,
  PlanName,
  PlanPrice,
  PricingHeader,
  SmallPrint,
  Tagline,
} from './billing.styles';
import { SandboxNotice, sandboxSessionOf } from './sandbox-notice';

// The spec elides the middle word ('Choose Your … Plan'); it is the brand, as elsewhere in the spec.
const HEADING = `Choose Your ${appConfig.brandName} Plan`;

/** Shows the canceled toast once and drops the parameter, keeping any other query. */
function useCanceledNotice() {
  const [params, setParams] = useSearchParams();
  const canceled = params.has('canceled');
  const shown = useRef(false);

  useEffect(() => {
    if (!canceled) return;
    if (!shown.current) {
      shown.current = true;
      toast({ ...CHECKOUT_TOASTS.canceled, variant: 'destructive' });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('canceled');
        return next;
      },
      { replace: true },
    );
  }, [canceled, setParams]);
}

/** Whether the service can still have acted on a request whose answer was lost or failed. */
function mayHaveCreatedSession(error: unknown): boolean {
  return !(error instanceof HttpError) || error.status >= 500;
}

export function SubscribePage() {
  const { trigger, data: checkoutUrl, isMutating: starting } = useCreateCheckoutSession();
  const sandbox = checkoutUrl !== undefined && sandboxSessionOf(checkoutUrl) !== null;
  // One key per checkout attempt: pressing again after a lost or failed answer repeats the same
  // attempt, so the service hands back the session it may already have created.
  const attemptKey = useRef<string | null>(null);
  useCanceledNotice();

  async function onGetStarted() {
    attemptKey.current ??= newIdempotencyKey();
    // Opened now, within the click; it goes to the checkout once the service names its address.
    const tab = browserWindow.openPending();
    try {
      const url = await trigger({
        tier: PROFESSIONAL_PLAN.id,
        idempotencyKey: attemptKey.current,
      });
      attemptKey.current = null;
      tab.go(url);
    } catch (error) {
      tab.close();
      console.error(error);
      if (!mayHaveCreatedSession(error)) attemptKey.current = null;
      toast({ ...CHECKOUT_TOASTS.failed, variant: 'destructive' });
    }
  }

  return (
    <PageShell
      head={PAGE_HEADS.subscribe}
      structuredData={[
        productOffer({
          name: PROFESSIONAL_PLAN.name,
          description: PROFESSIONAL_PLAN.description,
          path: '/subscribe',
        }),
      ]}
    >
      <PricingHeader>
        <PageTitle>{HEADING}</PageTitle>
        <Tagline>{SUBSCRIBE_LINES.guarantees}</Tagline>
        <Tagline>{SUBSCRIBE_LINES.support}</Tagline>
      </PricingHeader>

      <PlanCard id={PROFESSIONAL_PLAN.id} aria-labelledby="plan-name">
        {PROFESSIONAL_PLAN.popular && <Badge>Most Popular</Badge>}
        <PlanName id="plan-name">{PROFESSIONAL_PLAN.name}</PlanName>
        <PlanPrice>
          <strong>{PROFESSIONAL_PLAN.price}</strong> <span>/{PROFESSIONAL_PLAN.period}</span>
        </PlanPrice>
        <p>{PROFESSIONAL_PLAN.description}</p>
        <FeatureList aria-label="Included features">
          {PROFESSIONAL_PLAN.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </FeatureList>
        <ScriptButton
          type="button"
          onClick={() => void onGetStarted()}
          disabled={starting}
          aria-busy={starting}
        >
          Get Started
        </ScriptButton>
      </PlanCard>

      {sandbox ? (
        <SandboxNotice text={SANDBOX_TEXT.subscribe} />
      ) : (
        <SmallPrint>{SUBSCRIBE_LINES.securePayment}</SmallPrint>
      )}
      <NotAdviceNote />
    </PageShell>
  );
}
