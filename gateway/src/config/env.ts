import { existsSync } from 'node:fs';
import path from 'node:path';
import { baseShape, ConfigError, env, loadConfig } from '@probedge/kit';
import { DEFAULT_GATEWAY_PORT, DEFAULT_SERVICE_PORTS, type ServiceName } from '@probedge/proto';
import { z } from 'zod';

const upstreamUrl = (service: ServiceName) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS[service]}`)
    .transform((value) => value.replace(/\/+$/, ''));

export const gatewayShape = {
  ...baseShape,
  PORT: env.port(DEFAULT_GATEWAY_PORT),
  CONTENT_URL: upstreamUrl('content'),
  NEWS_URL: upstreamUrl('news'),
  INSIGHTS_URL: upstreamUrl('insights'),
  BILLING_URL: upstreamUrl('billing'),
  UPSTREAM_TIMEOUT_MS: env.positiveInt(10_000),
  /** Folder of the web build (with index.html); unset means the gateway serves only the API. */
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_URL: env.url('http://localhost:8080'),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayShape>>;

/** Which variable names each service's base URL; a service added to SERVICES fails to compile here. */
const UPSTREAM_URL_KEYS = {
  content: 'CONTENT_URL',
  news: 'NEWS_URL',
  insights: 'INSIGHTS_URL',
  billing: 'BILLING_URL',
} as const satisfies Record<ServiceName, keyof GatewayConfig>;

export function upstreamUrlOf(config: GatewayConfig, service: ServiceName): string {
  return config[UPSTREAM_URL_KEYS[service]];
}

const DEFAULT_WEB_DIST_DIR = path.resolve(__dirname, '..', '..', '..', 'web', 'dist');

const hasIndexHtml = (dir: string) => existsSync(path.join(dir, 'index.html'));

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(gatewayShape, source);
  if (config.WEB_DIST_DIR === undefined) {
    // The local stack builds the web next to the gateway; containers without it serve the API only.
    return {
      ...config,
      WEB_DIST_DIR: hasIndexHtml(DEFAULT_WEB_DIST_DIR) ? DEFAULT_WEB_DIST_DIR : undefined,
    };
  }
  const webDistDir = path.resolve(config.WEB_DIST_DIR);
  if (!hasIndexHtml(webDistDir)) {
    throw new ConfigError([`WEB_DIST_DIR: no index.html in ${webDistDir}`]);
  }
  return { ...config, WEB_DIST_DIR: webDistDir };
}
