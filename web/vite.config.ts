import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_BRAND_NAME, DEFAULT_SUPPORT_EMAIL } from '../proto/src/constants';

const GATEWAY_URL = 'http://127.0.0.1:8080';
const PROTO_SRC = fileURLToPath(new URL('../proto/src/', import.meta.url));
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

// The only place in web/ that reads the environment: everything else uses src/lib/config.ts.
function readAppConfig(env: NodeJS.ProcessEnv): AppConfigValues {
  const problems: string[] = [];
  // An empty variable counts as unset, so `BRAND_NAME=` keeps the default.
  const read = (name: string, fallback: string) => env[name]?.trim() || fallback;

  const text = (name: string, fallback: string, maxLength: number) => {
    const value = read(name, fallback);
    if (value.length > maxLength || /[<>]/.test(value)) {
      problems.push(
        `${name} must be at most ${maxLength} characters without < or > (got "${value}")`,
      );
    }
    return value;
  };

  const email = (name: string, fallback: string) => {
    const value = read(name, fallback);
    if (!EMAIL_PATTERN.test(value))
      problems.push(`${name} must be an e-mail address (got "${value}")`);
    return value;
  };

  const url = (name: string, fallback: string, { originOnly = false } = {}) => {
    const value = read(name, fallback);
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
      if (parsed.search || parsed.hash) throw new Error('query');
      if (originOnly && parsed.pathname !== '/') throw new Error('path');
      return originOnly ? parsed.origin : value.replace(/\/+$/, '');
    } catch {
      const shape = originOnly ? 'an http(s) origin such as https://example.com' : 'an http(s) URL';
      problems.push(`${name} must be ${shape} (got "${value}")`);
      return value;
    }
  };

  const isoDate = (name: string, fallback: string) => {
    const value = read(name, fallback);
    const parsed = new Date(`${value}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || parsed.toISOString().slice(0, 10) !== value) {
      problems.push(`${name} must be a date written YYYY-MM-DD (got "${value}")`);
    }
    return value;
  };

  const buildYear = new Date().getUTCFullYear();
  const config: AppConfigValues = {
    brandName: text('BRAND_NAME', DEFAULT_BRAND_NAME, 60),
    brandSubtitle: text('BRAND_SUBTITLE', 'Probability-based trading intelligence', 120),
    supportEmail: email('SUPPORT_EMAIL', DEFAULT_SUPPORT_EMAIL),
    publicUrl: url('PUBLIC_URL', 'http://localhost:8080', { originOnly: true }),
    scannerUrl: url('SCANNER_URL', 'https://scanner.probedge.example'),
    proAppUrl: url('PRO_APP_URL', 'https://app.probedge.example'),
    priceValidUntil: isoDate('PRICE_VALID_UNTIL', `${buildYear}-12-31`),
    buildYear,
  };
  if (problems.length > 0) {
    throw new Error(`Invalid web configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// The static shell carries the brand too, so a visitor without JavaScript sees a sensible title.
function brandedHtml(config: AppConfigValues): Plugin {
  return {
    name: 'probedge-branded-html',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%APP_TITLE%', escapeHtml(`${config.brandName} | ${config.brandSubtitle}`))
        .replaceAll('%APP_BRAND%', escapeHtml(config.brandName)),
  };
}

export default defineConfig(() => {
  const appConfig = readAppConfig(process.env);
  return {
    plugins: [react(), brandedHtml(appConfig)],
    define: { __APP_CONFIG__: JSON.stringify(appConfig) },
    resolve: {
      alias: [
        {
          find: /^@probedge\/proto$/,
          replacement: `${PROTO_SRC}index.ts`,
        },
      ],
    },
    // The prerender runs the SSR build under Node's ESM loader, where styled-components' CommonJS
    // entry would arrive without its default export; bundling it avoids the interop.
    ssr: { noExternal: ['styled-components'] },
    server: {
      proxy: { '/api': GATEWAY_URL, '/healthz': GATEWAY_URL },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Lets the prerender preload each page's own route chunk (dist/.vite/manifest.json).
      manifest: true,
      target: 'es2022',
      rolldownOptions: {
        // The contracts package is declarations and constants; its unused tables need not ship.
        treeshake: { moduleSideEffects: (id: string) => !id.startsWith(PROTO_SRC) },
      },
    },
  };
});
