import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SEARCH_LIMITS } from '@probedge/proto';
import { appConfig } from '../../lib/config';
import { isNavLinkActive, NAV_LINKS } from './nav-links';
import {
  BrandBlock,
  BrandLink,
  Header,
  HeaderSearch,
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
  const navigate = useNavigate();

  // The field is uncontrolled: it only hands its words to the search page, which owns the query.
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
    const query = field.value.trim();
    if (!query) return;
    field.value = '';
    void navigate(`/search?${new URLSearchParams({ q: query }).toString()}`);
  };

  // A followed link should leave the small-screen menu closed on the next page.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Header>
      <Inner>
        <BrandBlock>
          <BrandLink to="/">{appConfig.brandName}</BrandLink>
          <Subtitle>{appConfig.brandSubtitle}</Subtitle>
        </BrandBlock>
        <HeaderSearch role="search" action="/search" onSubmit={search}>
          <input
            type="search"
            name="q"
            aria-label="Search the site"
            placeholder="Search"
            maxLength={SEARCH_LIMITS.maxQuery}
            autoComplete="off"
          />
        </HeaderSearch>
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
