// Injected at build time by vite.config.ts (and by jest.config.cjs in tests); read only through lib/config.ts.
interface AppConfigValues {
  readonly brandName: string;
  readonly brandSubtitle: string;
  readonly supportEmail: string;
  /** Canonical origin of the site, without a trailing slash. */
  readonly publicUrl: string;
  readonly scannerUrl: string;
  readonly proAppUrl: string;
  /** The offer's `priceValidUntil` in structured data (YYYY-MM-DD); defaults to the build year's last day. */
  readonly priceValidUntil: string;
  /** The year the build ran, so prerendered text and the hydrating client agree on it. */
  readonly buildYear: number;
}

declare const __APP_CONFIG__: AppConfigValues;
