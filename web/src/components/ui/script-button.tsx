import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from './button-link.styles';

/**
 * A button that works only through its handler (or submits a form that has no action): disabled in
 * the prerendered HTML and while the page hydrates, so a press before the script has taken over
 * is not lost or sent natively.
 */
export function ScriptButton({ disabled, ...props }: ComponentProps<typeof Button>) {
  const hydrated = useHydrated();
  return <Button {...props} disabled={disabled || !hydrated} />;
}
