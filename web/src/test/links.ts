import { within } from '@testing-library/react';

/** Expects each link, found by its accessible name inside `container`, to lead where the table says. */
export function expectLinks(container: HTMLElement, hrefs: Readonly<Record<string, string>>): void {
  for (const [name, href] of Object.entries(hrefs)) {
    expect(within(container).getByRole('link', { name })).toHaveAttribute('href', href);
  }
}
