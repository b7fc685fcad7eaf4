import { Link } from 'react-router-dom';
import { PRO_APP_POPUP } from '../../../lib/constants';
import { Button } from '../../../components/ui/button-link.styles';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { PRO_ACCESS } from '../../../content/professional-trading';
import { browserWindow } from '../../../lib/browser-window';
import { appConfig } from '../../../lib/config';
import { useSubscriptionCheck } from '../../../lib/subscription-check';
import { AccessBox } from './professional-trading.styles';

export const PRO_APP_WINDOW_NAME = 'probedge-pro-app';

export function proAppPopupFeatures(): string {
  return `popup=yes,width=${PRO_APP_POPUP.width},height=${PRO_APP_POPUP.height},noopener,noreferrer`;
}

function LockIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
      <path d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

/** Checking, then subscribed (opens the app in a popup) or not (locked, with a way to subscribe). */
export function ProAccessButton() {
  const { hasAccess } = useSubscriptionCheck();

  if (hasAccess === undefined) {
    return (
      <AccessBox>
        <Button type="button" disabled aria-busy="true">
          {PRO_ACCESS.checking}
        </Button>
      </AccessBox>
    );
  }

  if (hasAccess) {
    return (
      <AccessBox>
        <Button
          type="button"
          onClick={() =>
            browserWindow.open(appConfig.proAppUrl, PRO_APP_WINDOW_NAME, proAppPopupFeatures())
          }
        >
          {PRO_ACCESS.launch}
        </Button>
        <p>{PRO_ACCESS.subscribedNote}</p>
      </AccessBox>
    );
  }

  return (
    <AccessBox>
      <Button type="button" disabled aria-describedby="pro-locked-note">
        <LockIcon /> {PRO_ACCESS.locked}
      </Button>
      <p id="pro-locked-note">{PRO_ACCESS.lockedNote}</p>
      <Link to="/subscribe">{PRO_ACCESS.subscribeLink}</Link>
      <SignInLink returnTo="/professional-trading" />
    </AccessBox>
  );
}
