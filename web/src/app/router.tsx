import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_REDIRECTS } from '@probedge/proto';
import { RootLayout } from '../components/layout/root-layout';
import { ScreenPlaceholder } from '../components/ui/page.styles';
import { Spinner } from '../components/ui/spinner';
import { RedirectKeepingQuery } from './redirect-keeping-query';

/** One lazily loaded screen per route, so every screen is its own chunk. */
function page<Name extends string>(
  path: string,
  load: () => Promise<{ [Key in Name]: ComponentType }>,
  exportName: Name,
): RouteObject {
  const Screen = lazy<ComponentType>(() =>
    load().then((module) => ({ default: module[exportName] })),
  );
  return {
    path,
    element: (
      <Suspense
        fallback={
          <ScreenPlaceholder>
            <Spinner label="Loading page..." />
          </ScreenPlaceholder>
        }
      >
        <Screen />
      </Suspense>
    ),
  };
}

const screens: RouteObject[] = [
  page('/', () => import('../features/home/components/home-page'), 'HomePage'),
  page('/guides', () => import('../features/content/components/guides-page'), 'GuidesPage'),
  page(
    '/guides/category/:category',
    () => import('../features/content/components/guide-category-page'),
    'GuideCategoryPage',
  ),
  page('/blogs', () => import('../features/content/components/blogs-page'), 'BlogsPage'),
  page('/guide/:slug', () => import('../features/content/components/article-page'), 'ArticlePage'),
  page('/blog/:slug', () => import('../features/content/components/article-page'), 'ArticlePage'),
  page('/business', () => import('../features/news/components/business-page'), 'BusinessPage'),
  page('/analysis', () => import('../features/news/components/analysis-page'), 'AnalysisPage'),
  page('/opinion', () => import('../features/news/components/opinion-page'), 'OpinionPage'),
  page('/daytrader', () => import('../features/news/components/daytrader-page'), 'DaytraderPage'),
  page(
    '/free-scanner',
    () => import('../features/news/components/free-scanner-page'),
    'FreeScannerPage',
  ),
  page(
    '/subscribe',
    () => import('../features/billing/components/subscribe-page'),
    'SubscribePage',
  ),
  page(
    '/subscribe/success',
    () => import('../features/billing/components/subscribe-success-page'),
    'SubscribeSuccessPage',
  ),
  page('/account', () => import('../features/billing/components/account-page'), 'AccountPage'),
  page('/sign-in', () => import('../features/billing/components/sign-in-page'), 'SignInPage'),
  page(
    '/sign-in/confirm',
    () => import('../features/billing/components/sign-in-confirm-page'),
    'SignInConfirmPage',
  ),
  page(
    '/newsletter/unsubscribed',
    () => import('../features/newsletter/components/unsubscribed-page'),
    'UnsubscribedPage',
  ),
  page(
    '/professional-trading',
    () => import('../features/professional-trading/components/professional-trading-page'),
    'ProfessionalTradingPage',
  ),
  page('/demo', () => import('../features/demo/components/demo-page'), 'DemoPage'),
  page('/research', () => import('../features/research/components/research-page'), 'ResearchPage'),
  page('/faq', () => import('../features/faq/components/faq-page'), 'FaqPage'),
  page('/tools', () => import('../features/tools/components/tool-pages'), 'ToolsPage'),
  page('/tools/:tool', () => import('../features/tools/components/tool-pages'), 'ToolPage'),
  page('/stocks/:symbol', () => import('../features/markets/components/stock-page'), 'StockPage'),
  page('/search', () => import('../features/search/components/search-page'), 'SearchPage'),
  page('/terms', () => import('../features/legal/components/legal-page'), 'TermsPage'),
  page('/privacy', () => import('../features/legal/components/legal-page'), 'PrivacyPage'),
  page('/cookies', () => import('../features/legal/components/legal-page'), 'CookiesPage'),
  ...Object.entries(PAGE_REDIRECTS).map(([path, to]) => ({
    path,
    element: <RedirectKeepingQuery to={to} />,
  })),
  page('*', () => import('../components/layout/not-found-page'), 'NotFoundPage'),
];

export const routes: RouteObject[] = [{ element: <RootLayout />, children: screens }];

// Declarative routing keeps the router's data layer, which no screen uses, out of the landing bundle.
export function AppRoutes() {
  return useRoutes(routes);
}
