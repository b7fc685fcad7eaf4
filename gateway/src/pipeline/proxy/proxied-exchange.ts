import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { HeaderPairs } from '@probedge/kit';
import type { Dispatcher } from 'undici';
import type { AnswerCopy, AnswerTap } from '../shared/answer-tap';
import { HOP_BY_HOP } from './forwarded-headers';
import type { IdleDeadlines, Watched } from './idle-deadlines';

/** An answer this small with a known length is written in one go (one system call) once whole. */
const WRITE_WHOLE_BYTES = 64 * 1024;

/** Why the gateway stops a request to a service: its client left. */
class ClientLeft extends Error {
  constructor() {
    super('the client closed the connection');
  }
}

/** Why the gateway stops a request to a service: UPSTREAM_TIMEOUT_MS without a sign of it. */
class ServiceSilent extends Error {
  readonly code = 'UPSTREAM_IDLE_TIMEOUT';

  constructor() {
    super('the service sent nothing within UPSTREAM_TIMEOUT_MS');
  }
}

/**
 * One request to a service and its answer on the way back to the client, and to the tap, which
 * may keep a copy: status and headers as the service sent them (but the hop-by-hop
 * ones), the body written in one go once whole when it is small and its length known, else
 * streamed as it comes, the service's connection paused while the client cannot take more. The
 * deadline runs from the start (the request is whole), and restarts with each part of the answer.
 */
export class ProxiedExchange implements Dispatcher.DispatchHandler, Watched {
  quietSince = 0;
  watchSlot = -1;
  private controller: Dispatcher.DispatchController | undefined;
  /** Why the gateway stopped the request, if it did. */
  private stopped: Error | undefined;
  private answered = false;
  private status = 502;
  private statusMessage: string | undefined;
  private readonly headers: OutgoingHttpHeaders = {};
  /** The body so far, when it is written once whole. */
  private chunks: Buffer[] | undefined;
  private copy: AnswerCopy | undefined;

  constructor(
    private readonly res: ServerResponse,
    /** The gateway's own headers; the service's of the same name take their place. */
    private readonly own: HeaderPairs,
    /** Shown the answer's start; it may take a copy (the response cache). */
    private readonly tap: AnswerTap | undefined,
    private readonly deadlines: IdleDeadlines,
    private readonly fail: (error: Error & { code?: string }) => void,
  ) {
    // A client that leaves stops the work it asked for.
    res.once('close', () => {
      if (!res.writableFinished) this.stop(new ClientLeft());
    });
    // The request is whole (its body was read first), so the service's silence counts from now.
    deadlines.watch(this);
  }

  expire(): void {
    this.stop(new ServiceSilent());
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.stopped) controller.abort(this.stopped);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.quietSince = Date.now();
    this.answered = true;
    this.status = status;
    this.statusMessage = statusMessage || undefined;
    for (const name in headers) {
      const value = headers[name];
      // The public surface names no framework, whatever a service sends.
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'x-powered-by') {
        this.headers[name] = value;
      }
    }
    this.copy = this.tap?.offer(status, headers);
    const length = Number(headers['content-length']);
    if (Number.isInteger(length) && length <= WRITE_WHOLE_BYTES) {
      this.chunks = [];
      return;
    }
    this.writeHead();
    this.res.on('drain', () => controller.resume());
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.quietSince = Date.now();
    this.copy?.add(chunk);
    if (this.chunks) this.chunks.push(chunk);
    else if (!this.res.write(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.deadlines.forget(this);
    this.copy?.complete();
    if (!this.chunks) {
      this.res.end();
      return;
    }
    this.writeHead();
    this.res.end(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.deadlines.forget(this);
    if (this.stopped instanceof ClientLeft) return;
    // Cut off mid-answer: cutting the client's connection is the only honest signal left.
    if (this.answered) this.res.destroy();
    else this.fail(error);
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    this.deadlines.forget(this);
    this.controller?.abort(reason);
  }

  /** Status and every header in one list: nothing was set on the answer before (see ApiPipeline). */
  private writeHead(): void {
    const list: (string | number | readonly string[])[] = [];
    for (const [name, value] of this.own) {
      if (this.headers[name] === undefined) list.push(name, value);
    }
    for (const name in this.headers) list.push(name, this.headers[name]!);
    const head = list as unknown as OutgoingHttpHeaders;
    if (this.statusMessage === undefined) this.res.writeHead(this.status, head);
    else this.res.writeHead(this.status, this.statusMessage, head);
  }
}
