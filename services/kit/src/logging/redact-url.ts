/** Query parameters whose values grant something to whoever holds them (links, checkout ids). */
const SECRET_PARAMETER = /token|session|secret|signature|password|key|code/i;

export const REDACTED = '[redacted]';

/**
 * Nothing in a target this does not match can name a secret parameter, even percent-encoded: most
 * targets are logged as they are without being taken apart.
 */
const MAYBE_SECRET = new RegExp(`${SECRET_PARAMETER.source}|%|cs_`, 'i');

/** A checkout session id in a path (the sandbox checkout page's address). */
const SESSION_ID_IN_PATH = /\bcs_(?:test|live|sandbox)_[A-Za-z0-9]+/g;

/**
 * The request target with the values of secret-looking query parameters replaced, for logs: a
 * sign-in or confirmation link, or a checkout session id, must never be readable there.
 */
export function redactUrl(target: string): string {
  if (!MAYBE_SECRET.test(target)) return target;
  const url = target.replace(SESSION_ID_IN_PATH, `cs_${REDACTED}`);
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const pairs = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is judged as written.
      }
      return equals !== -1 && SECRET_PARAMETER.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}${url.slice(end)}`;
}
