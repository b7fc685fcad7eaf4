/** Query parameters whose values grant something to whoever holds them (links, checkout ids). */
const SECRET_PARAMETER = /token|session|secret|signature|password|key|code/i;

export const REDACTED = '[redacted]';

/** Query parameters whose values say who someone is. */
const PERSONAL_PARAMETER = /mail/i;

/** An email address, as written or percent-encoded. */
const EMAIL = /@|%40/i;

/**
 * Nothing in a target this does not match can name a secret parameter or hold an email address,
 * even percent-encoded: most targets are logged as they are without being taken apart.
 */
const MAYBE_SECRET = new RegExp(
  `${SECRET_PARAMETER.source}|${PERSONAL_PARAMETER.source}|@|%|cs_`,
  'i',
);

/** A checkout session id in a path (the sandbox checkout page's address). */
const SESSION_ID_IN_PATH = /\bcs_(?:test|live|sandbox)_[A-Za-z0-9]+/g;

/** A path segment holding an email address (an address looked up by its owner's email). */
const EMAIL_IN_PATH = /[^/?#]*(?:@|%40)[^/?#]*/gi;

function hidden(name: string, value: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed name is judged as written.
  }
  return SECRET_PARAMETER.test(decoded) || PERSONAL_PARAMETER.test(decoded) || EMAIL.test(value);
}

/**
 * The request target with the values of secret-looking query parameters and email addresses
 * replaced, for logs: a sign-in or confirmation link, a checkout session id or a subscriber's
 * address must never be readable there.
 */
export function redactUrl(target: string): string {
  if (!MAYBE_SECRET.test(target)) return target;
  const withoutSessions = target.replace(SESSION_ID_IN_PATH, `cs_${REDACTED}`);
  const pathEnd = withoutSessions.includes('?')
    ? withoutSessions.indexOf('?')
    : withoutSessions.length;
  const url = `${withoutSessions.slice(0, pathEnd).replace(EMAIL_IN_PATH, REDACTED)}${withoutSessions.slice(pathEnd)}`;
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const pairs = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return EMAIL.test(pair) ? REDACTED : pair;
      const name = pair.slice(0, equals);
      return hidden(name, pair.slice(equals + 1)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}${url.slice(end)}`;
}
