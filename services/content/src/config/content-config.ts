/** Injection token for the validated configuration object. */
export const CONTENT_CONFIG = Symbol('CONTENT_CONFIG');
