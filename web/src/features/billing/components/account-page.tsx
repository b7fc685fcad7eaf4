import { useSWRConfig } from 'swr';
import { PageShell } from '../../../components/ui/page-shell';
import { PAGE_HEADS } from '../../../content/page-heads';
import { Button, ButtonLink } from '../../../components/ui/button-link.styles';
import { PageTitle } from '../../../components/ui/page.styles';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { PROFESSIONAL_PLAN } from '../../../content/subscribe';
import { browserWindow } from '../../../lib/browser-window';
import { useSubscriptionCheck } from '../../../lib/subscription-check';
import { useCreatePortalSession, type PortalOutcome } from '../api/create-portal-session';
import { useMember } from '../api/get-member';
import { useSignOut } from '../api/sign-out';
import { ButtonStack, StatusCard, StatusText } from '../../../components/ui/status-card.styles';

type PortalState = 'idle' | 'opening' | 'no-access' | 'failed';

function NoAccess({ role }: { role: 'alert' | 'status' }) {
  return (
    <div role={role}>
      <StatusText>
        There is no active subscription in this browser, so there is no billing to manage.
      </StatusText>
      <SignInLink returnTo="/account" />
      <ButtonLink to="/subscribe" $variant="secondary">
        See the plan and subscribe
      </ButtonLink>
    </div>
  );
}

/** Who is signed in on this browser, with the way out. */
function MemberLine() {
  const { member } = useMember();
  const { mutate } = useSWRConfig();
  const { trigger: signOut, isMutating: signingOut } = useSignOut();
  if (!member) return null;

  async function leave() {
    try {
      await signOut();
    } catch (error) {
      console.error(error);
    }
    // Access may have come from the session: everything that depends on it asks again.
    await mutate(() => true);
  }

  return (
    <StatusText>
      Signed in as <strong>{member.email}</strong>.{' '}
      <Button
        type="button"
        $variant="secondary"
        onClick={() => void leave()}
        disabled={signingOut}
        aria-busy={signingOut}
      >
        Sign out
      </Button>
    </StatusText>
  );
}

function portalState({
  data,
  error,
  isMutating,
}: {
  data?: PortalOutcome;
  error?: unknown;
  isMutating: boolean;
}): PortalState {
  if (isMutating) return 'opening';
  if (error) return 'failed';
  // With the portal's address the browser is on its way there.
  if (data?.kind === 'portal') return 'opening';
  if (data?.kind === 'no-access') return 'no-access';
  return 'idle';
}

export function AccountPage() {
  const { trigger, data, error, isMutating } = useCreatePortalSession();
  const state = portalState({ data, error, isMutating });
  // Asked on every visit, so a visitor without access is told before pressing anything; a check
  // that could not be made (null) changes nothing.
  const { answer: hasAccess } = useSubscriptionCheck();

  async function openPortal() {
    try {
      const outcome = await trigger();
      if (outcome.kind === 'portal') browserWindow.assign(outcome.url);
    } catch (error) {
      console.error(error);
    }
  }

  return (
    <PageShell head={PAGE_HEADS.account}>
      <StatusCard aria-labelledby="account-title">
        <PageTitle id="account-title">{PAGE_HEADS.account.title}</PageTitle>
        <MemberLine />
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
              {state === 'opening' ? 'Opening billing portal...' : PAGE_HEADS.account.title}
            </Button>
          </ButtonStack>
        )}
        {state === 'failed' && (
          <StatusText role="alert">
            The billing portal could not be opened. Please try again in a moment.
          </StatusText>
        )}
      </StatusCard>
    </PageShell>
  );
}
