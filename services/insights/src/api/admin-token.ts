// One admin-token check for every service; it lives in the kit.
export { ADMIN_TOKEN_HEADER, sameSecret } from '@probedge/kit';
