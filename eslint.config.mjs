import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = ['content', 'news', 'insights', 'billing', 'markets'];

/** The gateway pipeline's steps, one folder each under gateway/src/pipeline. */
const PIPELINE_STEPS = readdirSync(new URL('gateway/src/pipeline', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

/**
 * Which way imports may point (docs/architecture.md, "Boundaries"). Each zone forbids files under
 * `target` to import files under `from`. The zones cover shipped code (each workspace's src):
 * integration tests and benchmarks may start another service from its files, and test/api-docs
 * builds every service's OpenAPI document from its AppModule on purpose.
 */
const BOUNDARY_ZONES = [
  // Service ↛ service: each service is deployed alone and talks to the others over HTTP or gRPC.
  ...SERVICES.map((service) => ({
    target: `services/${service}/src`,
    from: SERVICES.filter((other) => other !== service).map((other) => `services/${other}`),
    message: 'A service reaches another service over the network, never through its files.',
  })),
  {
    target: 'services/kit/src',
    from: SERVICES.map((service) => `services/${service}`),
    message: 'The kit is shared by every service and knows none of them.',
  },
  {
    target: 'gateway/src',
    from: SERVICES.map((service) => `services/${service}`),
    message: 'The gateway reaches the services over HTTP; shared contracts live in proto.',
  },
  {
    target: 'web/src',
    from: ['gateway', 'services'],
    message: 'The web app shares only proto with the servers.',
  },
  // The gateway's pipeline: each step knows none of the others; the hub (api-pipeline.ts) joins
  // them, handing one step's result to the next (the cache's tap to the proxy).
  ...PIPELINE_STEPS.map((step) => ({
    target: `gateway/src/pipeline/${step}`,
    from: PIPELINE_STEPS.filter((other) => other !== step).map(
      (other) => `gateway/src/pipeline/${other}`,
    ),
    message:
      'A pipeline step imports no other step: api-pipeline.ts joins them; what two steps share lives in pipeline/shared.',
  })),
  // Inside a service, arrows point inward: controller → service → repository.
  {
    target: 'services/*/src/**/*.repository.ts',
    from: [
      'services/*/src/*.ts',
      'services/*/src/**/*controller.ts',
      'services/*/src/grpc/**',
      'services/*/src/jobs/**',
      'services/news/src/ingestion/**',
      'services/content/src/sync/**',
    ],
    message:
      'A repository owns its input and output types; the steps, jobs and transports that call it import them from it.',
  },
  {
    target: 'services/*/src/**/*.service.ts',
    from: ['services/*/src/*.ts', 'services/*/src/**/*controller.ts', 'services/*/src/grpc/**'],
    message: 'A service knows no transport: controllers call it and translate its answers.',
  },
  {
    target: ['services/insights/src/news/**', 'services/insights/src/writers/**'],
    from: ['services/insights/src/jobs/**', 'services/insights/src/api/**'],
    message: 'The news client and the writers are used by the jobs and the API, not the other way.',
  },
  {
    target: 'services/insights/src/failures/**',
    from: [
      'services/insights/src/api/**',
      'services/insights/src/jobs/**',
      'services/insights/src/news/**',
      'services/insights/src/writers/**',
    ],
    message:
      'The generation failures are the innermost layer: the adapters raise them and the API names them.',
  },
  // Web: shared code ↛ features, feature ↛ feature.
  {
    target: ['web/src/lib/**/!(*.test).{ts,tsx}', 'web/src/components/**/!(*.test).{ts,tsx}'],
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared web code serves every feature and imports none.',
  },
  ...readdirSync(new URL('web/src/features', import.meta.url)).map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message:
      'A feature imports shared code (web/src/components, web/src/lib), not another feature.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/src/generated/**',
      '.local/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-aware rules where a dropped promise would lose an error or a write; each file is checked
    // with the tsconfig.json of its workspace, tests included.
    files: ['proto/**/*.ts', 'services/**/*.ts', 'gateway/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: BOUNDARY_ZONES },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.cjs', '**/jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
