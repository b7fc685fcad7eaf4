import { Controller, Get, HttpCode, HttpStatus, Injectable, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';

export type ReadinessCheck = () => Promise<unknown>;
export type ReadinessReport = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 2000;

/** Process-wide readiness: the checks it runs and whether shutdown has begun. */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly reports = new Map<string, ReadinessReport>();
  private shuttingDown = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Shown to operators in the /readyz body, never deciding it (e.g. the state of services behind a proxy). */
  report(name: string, describe: ReadinessReport): void {
    this.reports.set(name, describe);
  }

  beginShutdown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  async evaluate(): Promise<{
    ready: boolean;
    checks: Record<string, string>;
    reports: Record<string, unknown>;
  }> {
    const results: Record<string, string> = {};
    if (this.shuttingDown) results.process = 'shutting down';
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          results[name] = 'ok';
        } catch (error) {
          results[name] = error instanceof Error ? error.message : 'failed';
        }
      }),
    );
    const reports: Record<string, unknown> = {};
    await Promise.all(
      [...this.reports].map(async ([name, describe]) => {
        reports[name] = await withTimeout(describe(), CHECK_TIMEOUT_MS).catch((error: unknown) =>
          error instanceof Error ? error.message : 'failed',
        );
      }),
    );
    const ready = !this.shuttingDown && Object.values(results).every((value) => value === 'ok');
    return { ready, checks: results, reports };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness never touches a dependency: a database outage must not restart every pod. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('healthz')
  @HttpCode(HttpStatus.OK)
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response) {
    const result = await this.readiness.evaluate();
    res.status(result.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: result.ready ? 'ok' : 'unavailable',
      checks: result.checks,
      ...result.reports,
    };
  }
}
