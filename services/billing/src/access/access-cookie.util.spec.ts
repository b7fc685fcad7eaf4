import {
  accessCookie,
  hashToken,
  isWellFormedToken,
  newAccessToken,
  readCookie,
} from './access-cookie.util';

describe('access cookie', () => {
  it('is prefixed __Host- and Secure on https', () => {
    const cookie = accessCookie('https://probedge.example', 30);
    expect(cookie.name).toBe('__Host-probedge_access');
    expect(cookie.options).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
    });
  });

  it('is plain and not Secure on http', () => {
    const cookie = accessCookie('http://localhost:8080', 30);
    expect(cookie.name).toBe('probedge_access');
    expect(cookie.options.secure).toBe(false);
    expect(cookie.options.maxAge).toBe(30 * 86_400_000);
  });

  it('makes 256-bit tokens and hashes them with SHA-256', () => {
    const token = newAccessToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isWellFormedToken(token)).toBe(true);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });

  it('reads one cookie among others and ignores malformed ones', () => {
    expect(readCookie('a=1; probedge_access=abc; b', 'probedge_access')).toBe('abc');
    expect(readCookie('probedge_access=%E0%A4%A', 'probedge_access')).toBeUndefined();
    expect(readCookie(undefined, 'probedge_access')).toBeUndefined();
  });
});
