import { useEffect, useState } from 'react';
import { PageMeta } from '../../../components/seo/page-meta';
import { Button, ButtonLink } from '../../../components/ui/button-link.styles';
import { PageContainer, PageTitle } from '../../../components/ui/page.styles';
import { PROFESSIONAL_PLAN } from '../../../content/subscribe';
import { browserWindow } from '../../../lib/browser-window';
import { checkAccess } from '../api/check-access';
import { createPortalSession } from '../api/create-portal-session';
import { ButtonStack, StatusCard, StatusText } from './billing.styles';

const TITLE = 'Manage Subscription & Billing';
const DESCRIPTION = 'Update your payment method, see invoices or cancel your subscription.';

type PortalState = 'idle' | 'opening' | 'no-access' | 'failed';

function NoAccess({ role }: { role: 'alert' | 'status' }) {
  return (
    <div role={role}>
      <StatusText>
        There is no active subscription in this browser, so there is no billing to manage.
        Subscriptions are linked to the browser you activated them in.
      </StatusText>
      <ButtonLink to="/subscribe" $variant="secondary">
        See the plan and subscribe
      </ButtonLink>
    </div>
  );
}

export function AccountPage() {
  const [state, setState] = useState<PortalState>('idle');
  // Asked on every visit, so a visitor without access is told before pressing anything.
  const [hasAccess, setHasAccess] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    void checkAccess().then((answer) => {
      if (current) setHasAccess(answer);
    });
    return () => {
      current = false;
    };
  }, []);

  async function openPortal() {
    setState('opening');
    try {
      const outcome = await createPortalSession();
      if (outcome.kind === 'no-access') {
        setState('no-access');
        return;
      }
      browserWindow.assign(outcome.url);
    } catch (error) {
      console.error(error);
      setState('failed');
    }
  }

  return (
    <PageContainer>
      <PageMeta
        title={TITLE}
        description={DESCRIPTION}
        keywords={['billing', 'subscription', 'customer portal']}
        path="/account"
        noIndex
      />
      <StatusCard aria-labelledby="account-title">
        <PageTitle id="account-title">{TITLE}</PageTitle>
        <StatusText>
          Your {PROFESSIONAL_PLAN.name} subscription is managed in the payment provider&apos;s
          secure customer portal: change your card, download invoices or cancel at any time.
        </StatusText>
        {state === 'no-access' ? (
          <NoAccess role="alert" />
        ) : hasAccess === false ? (
          <NoAccess role="status" />
        ) : (
          // Offered until the check says there is nothing to manage; a failed check changes nothing.
          <ButtonStack>
            <Button
              type="button"
              onClick={() => void openPortal()}
              disabled={state === 'opening'}
              aria-busy={state === 'opening'}
            >
              {state === 'opening' ? 'Opening billing portal...' : TITLE}
            </Button>
          </ButtonStack>
        )}
        {state === 'failed' && (
          <StatusText role="alert">
            The billing portal could not be opened. Please try again in a moment.
          </StatusText>
        )}
      </StatusCard>
    </PageContainer>
  );
}
