import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { GlobalStyles } from '../components/theme/global-styles';
import { theme } from '../components/theme/theme';
import { swrDefaults } from '../lib/swr-config';
import { useToasts } from '../lib/toast-store';
import { AppRoutes } from './router';

const ToastRegion = lazy(() =>
  import('../components/toast/toast-region').then((module) => ({ default: module.ToastRegion })),
);

// The toast provider and UI load with the first toast (lib/toast-store), so pages that never
// raise one do not download them.
function DeferredToasts() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}

interface AppProvidersProps {
  children: ReactNode;
  /** Overrides on top of the app's SWR defaults, e.g. a fresh cache per test. */
  swrConfig?: SWRConfiguration;
}

export function AppProviders({ children, swrConfig }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <SWRConfig value={{ ...swrDefaults, ...swrConfig }}>
        {children}
        <DeferredToasts />
      </SWRConfig>
    </ThemeProvider>
  );
}

export function App({ swrConfig }: { swrConfig?: SWRConfiguration } = {}) {
  return (
    <AppProviders swrConfig={swrConfig}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
