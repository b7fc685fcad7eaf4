import { Outlet, useLocation } from 'react-router-dom';
import { Main, Shell, SkipLink } from './root-layout.styles';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <Shell>
      <ScrollToTop />
      <SkipLink href={`#${MAIN_CONTENT_ID}`}>Skip to content</SkipLink>
      <SiteHeader />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {/* Keyed by path so a failed page does not keep the next one from rendering. */}
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </Main>
      <SiteFooter />
    </Shell>
  );
}
