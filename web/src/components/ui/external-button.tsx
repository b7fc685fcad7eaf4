import type { ReactNode } from 'react';
import { ButtonAnchor, type ButtonVariant } from './button-link.styles';

interface ExternalButtonProps {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
}

/** A button-styled link to another site, opened in a new tab without giving it a handle on this one. */
export function ExternalButton({ href, children, variant }: ExternalButtonProps) {
  return (
    <ButtonAnchor href={href} target="_blank" rel="noopener noreferrer" $variant={variant}>
      {children}
    </ButtonAnchor>
  );
}
