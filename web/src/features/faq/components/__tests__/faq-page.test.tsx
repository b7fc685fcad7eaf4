import { screen, waitFor, within } from '@testing-library/react';
import type { FaqItem } from '@probedge/proto';
import { pending, renderRoute } from '../../../../test/render-route';

const FAQ: FaqItem[] = Array.from({ length: 10 }, (_, index) => ({
  id: `q${index + 1}`,
  question: `Question number ${index + 1}?`,
  answer: `Answer number ${index + 1}.`,
}));

function trigger(n: number) {
  return screen.getByRole('button', { name: `Question number ${n}?` });
}

describe('FAQ page', () => {
  it('lists all ten questions, closed at first', async () => {
    renderRoute('/faq', { '/api/faq': { body: FAQ } });

    await screen.findByText('Question number 1?');
    for (let n = 1; n <= 10; n += 1) {
      expect(trigger(n)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.queryByText('Answer number 1.')).not.toBeInTheDocument();
  });

  it('keeps several questions open at once and closes each on its own', async () => {
    const { user } = renderRoute('/faq', { '/api/faq': { body: FAQ } });
    await screen.findByText('Question number 1?');

    await user.click(trigger(2));
    await user.click(trigger(5));
    expect(trigger(2)).toHaveAttribute('aria-expanded', 'true');
    expect(trigger(5)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Answer number 2.')).toBeVisible();
    expect(screen.getByText('Answer number 5.')).toBeVisible();

    await user.click(trigger(2));
    expect(trigger(2)).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByText('Answer number 2.')).not.toBeInTheDocument());
    expect(trigger(5)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Answer number 5.')).toBeVisible();
  });

  it('opens a question from the keyboard', async () => {
    const { user } = renderRoute('/faq', { '/api/faq': { body: FAQ } });
    await screen.findByText('Question number 1?');

    trigger(3).focus();
    await user.keyboard('{Enter}');
    expect(trigger(3)).toHaveAttribute('aria-expanded', 'true');
  });

  it('links Contact Support to the configured support address', async () => {
    renderRoute('/faq', { '/api/faq': { body: FAQ } });

    expect(await screen.findByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@probedge.example',
    );
  });

  it('describes the questions as FAQPage structured data', async () => {
    renderRoute('/faq', { '/api/faq': { body: FAQ } });
    await screen.findByText('Question number 1?');

    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as {
      '@graph': Array<{ '@type': string; mainEntity: Array<{ name: string }> }>;
    };
    expect(data['@graph'][0]?.['@type']).toBe('FAQPage');
    expect(data['@graph'][0]?.mainEntity).toHaveLength(10);
    expect(data['@graph'][0]?.mainEntity[0]?.name).toBe('Question number 1?');
  });

  it('shows a loading state while the questions are on their way', async () => {
    renderRoute('/faq', { '/api/faq': () => pending() });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading questions...');
  });

  it('shows an error with the support address when the questions cannot be loaded', async () => {
    renderRoute('/faq', { '/api/faq': { status: 503 } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the questions right now.');
    expect(within(alert).getByRole('link', { name: 'support@probedge.example' })).toHaveAttribute(
      'href',
      'mailto:support@probedge.example',
    );
  });
});
