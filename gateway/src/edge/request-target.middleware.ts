import type { NextFunction, Request, Response } from 'express';
import { notFoundMessage, requestIdOf, sendApiError } from '../errors/api-error.util';
import { parseRequestTarget, type RequestTarget, type RoutableTarget } from './request-target.util';

/** Answers a target that is not a plain, routable path; false means the answer has been sent. */
export function acceptTarget(
  req: Request,
  res: Response,
  target: RequestTarget,
): target is RoutableTarget {
  if (target.kind === 'ok') return true;
  if (target.kind === 'malformed') sendApiError(req, res, 400, target.reason);
  else sendApiError(req, res, 404, notFoundMessage(req.method, target.pathname));
  return false;
}

/**
 * Mounted ahead of everything else, because Express itself answers an undecodable path with an
 * error of its own before any later middleware runs. Also fixes the request id at the door.
 */
export function checkRequestTarget(req: Request, res: Response, next: NextFunction): void {
  requestIdOf(req, res);
  if (acceptTarget(req, res, parseRequestTarget(req.originalUrl))) next();
}
