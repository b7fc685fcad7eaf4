/** Injection token for the validated configuration object. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
