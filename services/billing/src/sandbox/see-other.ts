import type { PassthroughReply } from '@probedge/kit';

/** 303 See Other to `location` with an empty body: a form post goes on to a page read with GET. */
export function seeOther(res: PassthroughReply, location: string): string {
  res.status(303);
  res.header('location', location);
  return '';
}
