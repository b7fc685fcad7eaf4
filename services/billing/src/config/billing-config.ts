/** Injection token of the validated configuration. */
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
