import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRICE } from '@probedge/proto';
import { PageMeta } from '../../../components/seo/page-meta';
import { canonicalUrl, webPage, type JsonLd } from '../../../components/seo/structured-data';
import { Button } from '../../../components/ui/button-link.styles';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';
import { PageContainer, PageTitle } from '../../../components/ui/page.styles';
import { CHECKOUT_TOASTS, PROFESSIONAL_PLAN, SUBSCRIBE_LINES } from '../../../content/subscribe';
import { browserWindow } from '../../../lib/browser-window';
import { appConfig } from '../../../lib/config';
import { toast } from '../../../lib/toast-store';
import { createCheckoutSession } from '../api/create-checkout-session';
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

const TITLE = 'Pricing';
const DESCRIPTION = `${PROFESSIONAL_PLAN.name}: ${PRICE.display}/${PRICE.period}, cancel anytime. Probability-based signals, regime detection and Kelly sizing.`;

// The spec elides the middle word ('Choose Your … Plan'); it is the brand, as elsewhere in the spec.
const HEADING = `Choose Your ${appConfig.brandName} Plan`;

function lastDayOfYear(): string {
  return `${new Date().getUTCFullYear()}-12-31`;
}

function productData(): JsonLd {
  return {
    '@type': 'Product',
    name: PROFESSIONAL_PLAN.name,
    description: PROFESSIONAL_PLAN.description,
    brand: { '@type': 'Brand', name: appConfig.brandName },
    offers: {
      '@type': 'Offer',
      price: PRICE.amount.toFixed(2),
      priceCurrency: PRICE.currency,
      priceValidUntil: lastDayOfYear(),
      availability: 'https://schema.org/InStock',
      url: canonicalUrl('/subscribe'),
    },
  };
}

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

export function SubscribePage() {
  const [starting, setStarting] = useState(false);
  useCanceledNotice();

  async function onGetStarted() {
    setStarting(true);
    try {
      const url = await createCheckoutSession(PROFESSIONAL_PLAN.id);
      browserWindow.open(url, '_blank', 'noopener');
    } catch (error) {
      console.error(error);
      toast({ ...CHECKOUT_TOASTS.failed, variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  }

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['trading app pricing', 'subscription', 'professional trading app', 'signals']}
        path="/subscribe"
        structuredData={[
          webPage({ name: TITLE, description: DESCRIPTION, path: '/subscribe' }),
          productData(),
        ]}
      />
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
        <Button
          type="button"
          onClick={() => void onGetStarted()}
          disabled={starting}
          aria-busy={starting}
        >
          Get Started
        </Button>
      </PlanCard>

      <SmallPrint>{SUBSCRIBE_LINES.securePayment}</SmallPrint>
      <NotAdviceNote />
    </PageContainer>
  );
}
