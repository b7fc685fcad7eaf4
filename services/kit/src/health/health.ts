import { Controller, Get, HttpCode, HttpStatus, Injectable, Logger, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { PassthroughReply } from '../http/reply';

export type ReadinessCheck = () => Promise<unknown>;
export type ReadinessReport = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 2000;

class CheckTimeout extends Error {}

/**
 * What a failed check shows in the /readyz body: its kind (an error code such as ECONNREFUSED, or
 * a timeout), never its message, which can name internal hosts and ports. The message is logged.
 */
export function failureSummary(error: unknown): string {
  if (error instanceof CheckTimeout) return 'timed out';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)
    ? `unavailable (${code})`
    : 'unavailable';
}

/** Process-wide readiness: the checks it runs and whether shutdown has begun. */
@Injectable()
export class Readiness {
  private readonly logger = new Logger('Readiness');
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
          results[name] = this.failed(name, error);
        }
      }),
    );
    const reports: Record<string, unknown> = {};
    await Promise.all(
      [...this.reports].map(async ([name, describe]) => {
        reports[name] = await withTimeout(describe(), CHECK_TIMEOUT_MS).catch((error: unknown) =>
          this.failed(name, error),
        );
      }),
    );
    const ready = !this.shuttingDown && Object.values(results).every((value) => value === 'ok');
    return { ready, checks: results, reports };
  }

  private failed(name: string, error: unknown): string {
    this.logger.warn(
      `${name} check failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return failureSummary(error);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`timed out after ${ms} ms`)), ms);
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
  async ready(@Res({ passthrough: true }) res: PassthroughReply) {
    const result = await this.readiness.evaluate();
    res.status(result.ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: result.ready ? 'ok' : 'unavailable',
      checks: result.checks,
      ...result.reports,
    };
  }
}
