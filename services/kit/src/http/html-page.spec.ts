import { htmlPage } from './html-page';

describe('htmlPage', () => {
  const page = htmlPage({
    title: 'Tom & <Jerry>',
    styles: 'body { margin: 0; }',
    body: '<main>hi</main>',
  });

  it('escapes the title and keeps the trusted styles and body', () => {
    expect(page).toContain('<title>Tom &amp; &lt;Jerry&gt;</title>');
    expect(page).toContain('body { margin: 0; }');
    expect(page).toContain('<body>\n<main>hi</main>\n</body>');
  });

  it('names the site icon, so the browser does not ask for a missing /favicon.ico', () => {
    expect(page).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  });

  it('keeps the page out of search indexes', () => {
    expect(page).toContain('<meta name="robots" content="noindex">');
  });
});
