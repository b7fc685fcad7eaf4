import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../../components/theme/theme';
import { SubscribePage } from '../../features/billing/components/subscribe-page';
import { NewsletterForm } from '../../features/home/components/newsletter-form';

/** Prerenders the tree, checks the control there, hydrates it and returns the container. */
async function prerenderThenHydrate(tree: ReactElement): Promise<{
  prerendered: HTMLElement;
  hydrated: HTMLElement;
  recoverable: jest.Mock;
}> {
  const html = renderToString(tree);
  const prerendered = document.createElement('div');
  prerendered.innerHTML = html;
  const hydrated = document.createElement('div');
  hydrated.innerHTML = html;
  document.body.append(hydrated);
  const recoverable = jest.fn();
  await act(async () => {
    hydrateRoot(hydrated, tree, { onRecoverableError: recoverable });
  });
  return { prerendered, hydrated, recoverable };
}

const inApp = (page: ReactElement) => (
  <ThemeProvider theme={theme}>
    <MemoryRouter initialEntries={['/subscribe']}>{page}</MemoryRouter>
  </ThemeProvider>
);

describe('controls that work only through the script, on a prerendered page', () => {
  afterEach(() => document.body.replaceChildren());

  it.each([
    ['/subscribe', 'Get Started', <SubscribePage key="subscribe" />],
    ['the newsletter form', 'Subscribe', <NewsletterForm key="newsletter" />],
  ])(
    "%s: '%s' is disabled in the prerendered HTML and enabled once hydrated",
    async (_page, name, page) => {
      const { prerendered, hydrated, recoverable } = await prerenderThenHydrate(inApp(page));
      const button = (root: HTMLElement) =>
        [...root.querySelectorAll('button')].find((b) => b.textContent === name);

      expect(button(prerendered)).toBeDisabled();
      expect(button(hydrated)).toBeEnabled();
      expect(recoverable).not.toHaveBeenCalled();
    },
  );
});
