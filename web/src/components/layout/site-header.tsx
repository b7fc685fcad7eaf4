import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { appConfig } from '../../lib/config';
import { isNavLinkActive, NAV_LINKS } from './nav-links';
import {
  BrandBlock,
  BrandLink,
  Header,
  Inner,
  MenuButton,
  Nav,
  NavItem,
  NavList,
  Subtitle,
} from './site-header.styles';

const NAV_ID = 'primary-navigation';

export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A followed link should leave the small-screen menu closed on the next page.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Header>
      <Inner>
        <BrandBlock>
          <BrandLink to="/">{appConfig.brandName}</BrandLink>
          <Subtitle>{appConfig.brandSubtitle}</Subtitle>
        </BrandBlock>
        <MenuButton
          type="button"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </MenuButton>
        <Nav
          id={NAV_ID}
          aria-label="Main"
          $open={menuOpen}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false);
          }}
        >
          <NavList>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavItem
                  to={link.to}
                  aria-current={isNavLinkActive(link.to, pathname) ? 'page' : undefined}
                >
                  {link.label}
                </NavItem>
              </li>
            ))}
          </NavList>
        </Nav>
      </Inner>
    </Header>
  );
}
