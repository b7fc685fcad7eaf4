import { Inject, Injectable } from '@nestjs/common';
import { HEALTH_PATHS, SERVICES, type ServiceName } from '@probedge/proto';
import { upstreamUrlOf, type GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';

/**
 * Each upstream gets this long; the probes run together, so /readyz answers within about this
 * time even with one upstream paused, well inside the container health check's 4 s.
 */
const PROBE_TIMEOUT_MS = 1000;

/**
 * Asks each service's /readyz, for the operators' port; never names a host, only what the service
 * said. It never decides the gateway's readiness: one service down must not pull every gateway out
 * of rotation.
 */
@Injectable()
export class UpstreamHealth {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async probeAll(): Promise<Record<ServiceName, string>> {
    const results = await Promise.all(
      SERVICES.map(async (service) => [service, await this.probe(service)] as const),
    );
    return Object.fromEntries(results) as Record<ServiceName, string>;
  }

  private async probe(service: ServiceName): Promise<string> {
    const timeoutMs = Math.min(PROBE_TIMEOUT_MS, this.config.UPSTREAM_TIMEOUT_MS);
    try {
      const response = await fetch(`${upstreamUrlOf(this.config, service)}${HEALTH_PATHS.ready}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.ok ? 'ok' : `not ready (${response.status})`;
    } catch (error) {
      return error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : 'unreachable';
    }
  }
}
