import { act, screen, waitFor, within } from '@testing-library/react';
import { browserWindow } from '../../../../lib/browser-window';
import { removeToast } from '../../../../lib/toast-store';
import { renderRoute } from '../../../../test/render-route';

const CHECKOUT = '/api/create-checkout-session';

const FEATURES = [
  'Unconfidence engine with whitening',
  'Template matching with adaptive Hurst exponents',
  'Regime detection with capacity bounds',
  'Evidence fusion',
  'Kelly sizing',
  'Real-time probability maths',
  'Fractal geometry',
  'Student-t tails uncertainty',
  'Chaos risk factors and reliability scoring',
  'Epistemic uncertainty',
  'Regime-aware outputs',
  'Pattern confidence and entry timing',
  'Priority support',
  'Institutional research',
];

describe('/subscribe', () => {
  afterEach(() => act(() => removeToast()));

  it('shows the heading, the two lines, the plan card and the secure-payment note', async () => {
    const { container } = renderRoute('/subscribe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose Your ProbEdge Plan' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No hidden fees • Cancel anytime • 30-day money-back guarantee'),
    ).toBeInTheDocument();
    expect(screen.getByText('all plans include 24/7 support')).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Professional Trading App' });
    expect(card).toHaveAttribute('id', 'professional');
    expect(container.querySelector('#professional')).toBe(card);
    expect(within(card).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card).getByText('$29.99')).toBeInTheDocument();
    expect(within(card).getByText('/month')).toBeInTheDocument();
    const features = within(within(card).getByRole('list', { name: 'Included features' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(features).toEqual(FEATURES);
    expect(within(card).getByRole('button', { name: 'Get Started' })).toBeEnabled();
    expect(screen.getByText(/Payments are processed securely by Stripe/)).toBeInTheDocument();
  });

  it("'Get Started' posts the tier and opens the checkout url in a new tab", async () => {
    const open = jest.spyOn(browserWindow, 'open').mockImplementation(() => {});
    const { user, fetchMock } = renderRoute('/subscribe', {
      [CHECKOUT]: { body: { url: 'https://checkout.stripe.example/c/cs_test_1' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://checkout.stripe.example/c/cs_test_1',
        '_blank',
        'noopener',
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => url === CHECKOUT);
    expect(call?.[1]).toEqual(
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ tier: 'professional' }) }),
    );
    expect(
      screen.queryByText('Failed to start checkout. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it.each([
    ['an answer without a url', { body: {} }],
    ['a failed request', { status: 500, body: 'boom' }],
  ])('shows the destructive error toast after %s', async (_label, answer) => {
    const open = jest.spyOn(browserWindow, 'open').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoute('/subscribe', { [CHECKOUT]: answer });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(
      await screen.findByText('Failed to start checkout. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeEnabled();
  });

  it('shows the error toast when the network fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoute('/subscribe', {
      [CHECKOUT]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(
      await screen.findByText('Failed to start checkout. Please try again.'),
    ).toBeInTheDocument();
  });

  it("shows the 'Checkout Canceled' toast once and removes the parameter, keeping others", async () => {
    const { location } = renderRoute('/subscribe?canceled=true&source=research');
    expect(await screen.findByText('Checkout Canceled')).toBeInTheDocument();
    expect(screen.getByText('You can try again anytime.')).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe('?source=research'));
    expect(location().pathname).toBe('/subscribe');
    expect(screen.getAllByText('Checkout Canceled')).toHaveLength(1);
  });

  it('shows no toast without the canceled parameter', async () => {
    renderRoute('/subscribe');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Checkout Canceled')).not.toBeInTheDocument();
  });
});
