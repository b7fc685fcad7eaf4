// Injected at build time by vite.config.ts (and by jest.config.cjs in tests); read only through lib/config.ts.
interface AppConfigValues {
  readonly brandName: string;
  readonly brandSubtitle: string;
  readonly supportEmail: string;
  /** Canonical origin of the site, without a trailing slash. */
  readonly publicUrl: string;
  readonly scannerUrl: string;
  readonly proAppUrl: string;
}

declare const __APP_CONFIG__: AppConfigValues;
