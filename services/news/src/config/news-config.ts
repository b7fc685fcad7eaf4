/** Injection token of the validated configuration. */
export const NEWS_CONFIG = Symbol('NEWS_CONFIG');
