export interface NavLinkItem {
  to: string;
  label: string;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/business', label: 'Trading Edge' },
  { to: '/analysis', label: 'Analysis' },
  { to: '/research', label: 'Case Studies' },
  { to: '/guides', label: 'Guides' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/free-scanner', label: 'Free Scanner' },
  { to: '/professional-trading', label: 'Professional Trading' },
];

/**
 * Home matches exactly; any other link matches its own path or a path below it, segment by
 * segment, so /guide/x does not light up /guides. Routes ignore case, so matching does too.
 */
export function isNavLinkActive(linkPath: string, pathname: string): boolean {
  const current = pathname.toLowerCase();
  if (linkPath === '/') return current === '/';
  return current === linkPath || current.startsWith(`${linkPath}/`);
}
