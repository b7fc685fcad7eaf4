import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Readiness } from '@probedge/kit';
import { HEALTH_PATHS } from '@probedge/proto';
import type { Response } from 'express';
import { UpstreamHealth } from './upstream-health.service';

/**
 * The gateway's /readyz. It is declared on the root module, whose routes Nest registers before
 * those of imported modules, so it answers instead of the kit's default one.
 */
@ApiExcludeController()
@Controller()
export class ReadinessController {
  constructor(
    private readonly readiness: Readiness,
    private readonly upstreams: UpstreamHealth,
  ) {}

  @Get(HEALTH_PATHS.ready.slice(1))
  async ready(@Res({ passthrough: true }) res: Response) {
    const [own, upstreams] = await Promise.all([
      this.readiness.evaluate(),
      this.upstreams.probeAll(),
    ]);
    // Only the gateway's own state decides: one service down must not pull every replica out of rotation.
    res.status(own.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: own.ready ? 'ok' : 'unavailable', checks: own.checks, upstreams };
  }
}
