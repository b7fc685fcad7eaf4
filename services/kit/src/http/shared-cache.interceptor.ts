import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { type Observable, tap } from 'rxjs';

/** How long (seconds) shared caches may keep a service's public answers; 0 means not at all. */
export const SHARED_CACHE_SECONDS = Symbol('SHARED_CACHE_SECONDS');

/**
 * The Cache-Control of a public answer: shared caches (the gateway's) may keep it for `seconds`,
 * and are told when it changes; browsers revalidate every time, which the gateway answers with
 * 304 while it holds the same answer.
 */
export function sharedCacheControl(seconds: number): string {
  return seconds > 0 ? `public, max-age=0, s-maxage=${seconds}` : 'no-cache';
}

/** Marks a controller's successful answers as shareable for SHARED_CACHE_SECONDS. */
@Injectable()
export class SharedCacheInterceptor implements NestInterceptor {
  private readonly value: string;

  constructor(@Inject(SHARED_CACHE_SECONDS) seconds: number) {
    this.value = sharedCacheControl(seconds);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<ServerResponse>();
    // Only an answer that succeeded is marked: errors keep their own no-store.
    return next.handle().pipe(tap(() => res.setHeader('cache-control', this.value)));
  }
}
