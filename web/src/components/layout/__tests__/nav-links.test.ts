import { isNavLinkActive } from '../nav-links';

describe('isNavLinkActive', () => {
  it('matches Home only on exactly /', () => {
    expect(isNavLinkActive('/', '/')).toBe(true);
    expect(isNavLinkActive('/', '/guides')).toBe(false);
    expect(isNavLinkActive('/', '/business')).toBe(false);
  });

  it('matches other links on their path and anything below it', () => {
    expect(isNavLinkActive('/guides', '/guides')).toBe(true);
    expect(isNavLinkActive('/guides', '/guides/')).toBe(true);
    expect(isNavLinkActive('/guides', '/guides/anything')).toBe(true);
    expect(isNavLinkActive('/blogs', '/blogs/2025/fed-week')).toBe(true);
    expect(isNavLinkActive('/business', '/business')).toBe(true);
  });

  it('does not match a path that only shares a prefix of letters', () => {
    expect(isNavLinkActive('/guides', '/guide/x')).toBe(false);
    expect(isNavLinkActive('/guides', '/guidesx')).toBe(false);
    expect(isNavLinkActive('/blogs', '/blog/why-stops-matter')).toBe(false);
    expect(isNavLinkActive('/research', '/researchers')).toBe(false);
  });

  it('ignores letter case, as the routes do', () => {
    expect(isNavLinkActive('/guides', '/Guides')).toBe(true);
  });
});
