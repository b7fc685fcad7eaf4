import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { sendApiError } from '../errors/api-error.util';
import { isAppPage, redirectFor } from './app-pages';
import { OfferDates, type RefreshedPage } from './offer-dates';
import { stockPagePreloads } from './stock-page-preloads';

/** Vite writes content-hashed file names under assets/, so a URL there never changes meaning. */
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html above all) is revalidated so a deploy shows up on the next visit.
const REVALIDATE = 'no-cache';
/** Written by the prerender next to the prerendered pages: the app with an empty #root. */
const SHELL = 'shell.html';
/** The shell with the ticker page's chunks preloaded, for /stocks/:symbol. */
const STOCK_SHELL = 'stock-shell.html';
/**
 * The build writes a .br and a .gz copy next to each text file (web/scripts/compress.mjs); they
 * are sent as they are, so nothing is compressed per request.
 */
const COMPRESSED: readonly { encoding: string; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

async function isFile(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the web build: its files, prerendered pages, and the app shell for the app's other
 * pages (200) and for paths it has no screen for (404, the shell shows its not-found screen).
 */
@Injectable()
export class WebApp {
  private readonly logger = new Logger(WebApp.name);
  private readonly root: string | undefined;
  private readonly offers = new OfferDates();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.root = config.WEB_DIST_DIR;
  }

  get enabled(): boolean {
    return this.root !== undefined;
  }

  /** Expects a path already checked by parseRequestTarget: no dot segments, no encoded slashes. */
  async serve(req: Request, res: Response, pathname: string): Promise<void> {
    const root = this.root;
    if (!root) throw new Error('No web build configured');
    const moved = redirectFor(pathname);
    if (moved) {
      const queryStart = req.originalUrl.indexOf('?');
      res.redirect(301, queryStart === -1 ? moved : moved + req.originalUrl.slice(queryStart));
      return;
    }
    const isAsset = pathname.startsWith(ASSETS_PREFIX);
    const file = await this.findFile(root, decodeURIComponent(pathname));
    if (file) {
      await this.sendFile(req, res, file, isAsset ? IMMUTABLE : REVALIDATE);
      return;
    }
    if (isAsset) {
      // A stale asset URL must fail visibly, not come back as an HTML page with a JavaScript type.
      sendApiError(req, res, 404, `No file ${pathname}`);
      return;
    }
    // Pages the build did not prerender get the bare app shell (index.html is the prerendered
    // home); a crawler learns from the status alone that a path is not a page.
    if (!isAppPage(pathname)) res.status(404);
    const preloads = stockPagePreloads(pathname);
    if (preloads) res.setHeader('link', preloads);
    await this.sendFile(req, res, await this.shellFor(root, preloads !== undefined), REVALIDATE);
  }

  /** The app shell for a page the build did not prerender; index.html when the build has none. */
  private async shellFor(root: string, stockPage: boolean): Promise<string> {
    for (const name of stockPage ? [STOCK_SHELL, SHELL] : [SHELL]) {
      const shell = path.join(root, name);
      if (await isFile(shell)) return shell;
    }
    return path.join(root, 'index.html');
  }

  private async findFile(root: string, decodedPath: string): Promise<string | undefined> {
    const segments = decodedPath.split('/').filter(Boolean);
    // Dotfiles (.env, .git) are never part of a build worth serving.
    if (segments.some((segment) => segment.startsWith('.'))) return undefined;
    const base = path.join(root, ...segments);
    if (base !== root && !base.startsWith(root + path.sep)) return undefined;
    // Prerendered pages live as <route>/index.html or <route>.html next to the assets.
    const candidates = decodedPath.endsWith('/')
      ? [path.join(base, 'index.html')]
      : [base, `${base}.html`, path.join(base, 'index.html')];
    for (const candidate of candidates) {
      if (await isFile(candidate)) return candidate;
    }
    return undefined;
  }

  /** The build's compressed copy of a text file the client accepts, if there is one. */
  private async compressedCopy(
    req: Request,
    file: string,
  ): Promise<{ encoding: string; file: string } | undefined> {
    for (const { encoding, suffix } of COMPRESSED) {
      if (req.acceptsEncodings(encoding) !== encoding) continue;
      if (await isFile(file + suffix)) return { encoding, file: file + suffix };
    }
    return undefined;
  }

  private async sendFile(
    req: Request,
    res: Response,
    file: string,
    cacheControl: string,
  ): Promise<void> {
    if (file.endsWith('.html')) {
      const page = await this.offers.refreshed(file);
      if (page) {
        this.sendRefreshed(req, res, page, cacheControl);
        return;
      }
    }
    let sent = file;
    if (COMPRESSIBLE.test(file)) {
      res.vary('Accept-Encoding');
      const copy = await this.compressedCopy(req, file);
      if (copy) {
        // The type is the original file's; the copy's own extension would make it a download.
        res.type(path.extname(file));
        res.setHeader('content-encoding', copy.encoding);
        sent = copy.file;
      }
    }
    res.setHeader('cache-control', cacheControl);
    res.sendFile(sent, { dotfiles: 'allow' }, (error?: Error & { code?: string }) => {
      if (!error || res.headersSent) return;
      res.removeHeader('content-encoding');
      if (error.code === 'ENOENT' || error.code === 'EISDIR') {
        sendApiError(req, res, 404, `No file ${req.path}`);
        return;
      }
      this.logger.error({ err: error }, 'could not send a web file');
      sendApiError(req, res, 500, 'Something went wrong on our side');
    });
  }

  /** A prerendered page with its offer date brought up to date (Express adds the ETag). */
  private sendRefreshed(
    req: Request,
    res: Response,
    page: RefreshedPage,
    cacheControl: string,
  ): void {
    res.vary('Accept-Encoding');
    res.type('html');
    res.setHeader('cache-control', cacheControl);
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding === 'br' || encoding === 'gzip') {
      res.setHeader('content-encoding', encoding);
      res.send(encoding === 'br' ? page.br : page.gzip);
      return;
    }
    res.send(page.html);
  }
}
