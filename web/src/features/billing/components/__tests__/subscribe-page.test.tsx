import { act, screen, waitFor, within } from '@testing-library/react';
import { TOAST } from '../../../../lib/constants';
import { theme } from '../../../../components/theme/theme';
import { browserWindow } from '../../../../lib/browser-window';
import { removeToast, toast } from '../../../../lib/toast-store';
import { renderRoute, type StubHandler } from '../../../../test/render-route';

const CHECKOUT = '/api/create-checkout-session';
const CHECKOUT_URL = { body: { url: 'https://checkout.stripe.example/c/cs_test_1' } };

function idempotencyKeys(fetchMock: jest.Mock): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === CHECKOUT)
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>)
    .map((headers) => headers['Idempotency-Key']);
}

/** Answers the checkout calls in turn with the given handlers. */
interface FakeTab {
  go: jest.Mock<void, [string]>;
  close: jest.Mock<void, []>;
  openPending: jest.SpyInstance;
}

/** The tab 'Get Started' opens within the click: where it was sent, or that it was closed. */
let tab: FakeTab;

beforeEach(() => {
  const fake = { go: jest.fn<void, [string]>(), close: jest.fn<void, []>() };
  tab = { ...fake, openPending: jest.spyOn(browserWindow, 'openPending').mockReturnValue(fake) };
});

function inTurn(...answers: StubHandler[]): StubHandler {
  let call = 0;
  return (init) => {
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return typeof answer === 'function' ? answer(init) : answer;
  };
}

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
    const { user, fetchMock } = renderRoute('/subscribe', {
      [CHECKOUT]: { body: { url: 'https://checkout.stripe.example/c/cs_test_1' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() =>
      expect(tab.go).toHaveBeenCalledWith('https://checkout.stripe.example/c/cs_test_1'),
    );
    // The tab was opened within the click, before the request went out.
    expect(tab.openPending.mock.invocationCallOrder[0]).toBeLessThan(
      fetchMock.mock.invocationCallOrder[
        fetchMock.mock.calls.findIndex(([url]) => url === CHECKOUT)
      ]!,
    );
    expect(tab.close).not.toHaveBeenCalled();
    const call = fetchMock.mock.calls.find(([url]) => url === CHECKOUT);
    expect(call?.[1]).toEqual(
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ tier: 'professional' }) }),
    );
    expect(
      screen.queryByText('Failed to start checkout. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it('sends an Idempotency-Key with the checkout request', async () => {
    const { user, fetchMock } = renderRoute('/subscribe', { [CHECKOUT]: CHECKOUT_URL });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(idempotencyKeys(fetchMock)).toHaveLength(1));
    expect(idempotencyKeys(fetchMock)[0]).toMatch(/^checkout-[0-9a-f]{32}$/);
  });

  it('repeats the attempt with the same key after a lost answer, and uses a new key after a url', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetchMock } = renderRoute('/subscribe', {
      [CHECKOUT]: inTurn(
        () => Promise.reject(new TypeError('Failed to fetch')),
        { status: 503, body: 'upstream unavailable' },
        CHECKOUT_URL,
        CHECKOUT_URL,
      ),
    });
    const button = await screen.findByRole('button', { name: 'Get Started' });
    for (let press = 1; press <= 3; press += 1) {
      await user.click(button);
      await waitFor(() => expect(idempotencyKeys(fetchMock)).toHaveLength(press));
      await waitFor(() => expect(button).toBeEnabled());
    }
    expect(tab.go).toHaveBeenCalledTimes(1);
    // The two failed presses closed the tabs they had opened.
    expect(tab.close).toHaveBeenCalledTimes(2);
    await user.click(button);
    await waitFor(() => expect(tab.go).toHaveBeenCalledTimes(2));

    const [lost, failed, answered, next] = idempotencyKeys(fetchMock);
    expect(failed).toBe(lost);
    expect(answered).toBe(lost);
    expect(next).toMatch(/^checkout-[0-9a-f]{32}$/);
    expect(next).not.toBe(lost);
  });

  it('starts a new attempt after the service refused the request', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetchMock } = renderRoute('/subscribe', {
      [CHECKOUT]: { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'x' } },
    });
    const button = await screen.findByRole('button', { name: 'Get Started' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(idempotencyKeys(fetchMock)).toHaveLength(2));

    const [first, second] = idempotencyKeys(fetchMock);
    expect(second).not.toBe(first);
  });

  it('labels a sandbox checkout: no real payment, and no claim that Stripe processed it', async () => {
    // The sandbox's own checkout page, as billing names it.
    const sandboxUrl =
      'http://localhost:8080/api/billing/sandbox-checkout/cs_sandbox_a1B2c3D4e5F6g7H8i9J0k1L2';
    const { user } = renderRoute('/subscribe', { [CHECKOUT]: { body: { url: sandboxUrl } } });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));

    const note = await screen.findByRole('note', { name: 'Sandbox: no real payment was taken' });
    expect(note).toHaveTextContent('instead of Stripe, and no card is charged');
    expect(screen.queryByText(/processed securely by Stripe/)).not.toBeInTheDocument();
    expect(tab.go).toHaveBeenCalledWith(sandboxUrl);
  });

  it('keeps the secure-payment note after a Stripe checkout', async () => {
    const { user } = renderRoute('/subscribe', { [CHECKOUT]: CHECKOUT_URL });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    await waitFor(() => expect(tab.go).toHaveBeenCalled());

    expect(screen.getByText(/Payments are processed securely by Stripe/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('announces the error toast assertively and styles it as destructive', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoute('/subscribe', { [CHECKOUT]: { status: 500, body: 'boom' } });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));

    const description = await screen.findByText('Failed to start checkout. Please try again.');
    const toastItem = description.closest('li')!;
    expect(toastItem).toHaveStyle({ backgroundColor: theme.colors.danger });
    // A screen reader hears the destructive toast at once (assertive), not when it is idle (polite).
    await waitFor(() => {
      const announcements = screen
        .getAllByRole('status')
        .filter((element) => element.textContent?.includes('Failed to start checkout'));
      expect(announcements.map((element) => element.getAttribute('aria-live'))).toContain(
        'assertive',
      );
    });
  });

  it('styles an ordinary toast differently from the destructive one', async () => {
    renderRoute('/subscribe');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      toast({ title: 'Plain notice', description: 'Nothing went wrong.' });
    });

    const toastItem = (await screen.findByText('Nothing went wrong.')).closest('li')!;
    expect(toastItem).not.toHaveStyle({ backgroundColor: theme.colors.danger });
  });

  it.each([
    ['an answer without a url', { body: {} }],
    ['a failed request', { status: 500, body: 'boom' }],
  ])('shows the destructive error toast after %s', async (_label, answer) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoute('/subscribe', { [CHECKOUT]: answer });
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(
      await screen.findByText('Failed to start checkout. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(tab.go).not.toHaveBeenCalled();
    expect(tab.close).toHaveBeenCalledTimes(1);
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

  it(`closes the toast by itself after ${TOAST.durationMs} ms`, async () => {
    jest.useFakeTimers();
    try {
      renderRoute('/subscribe?canceled=true');
      const title = await screen.findByText('Checkout Canceled');
      const toastItem = title.closest('li')!;
      expect(toastItem).toHaveAttribute('data-state', 'open');

      act(() => jest.advanceTimersByTime(TOAST.durationMs - 100));
      expect(toastItem).toHaveAttribute('data-state', 'open');

      act(() => jest.advanceTimersByTime(200));
      // Checked at once: waitFor would move the fake clock on by itself.
      const item = screen.queryByText('Checkout Canceled')?.closest('li');
      expect(item?.getAttribute('data-state') ?? 'removed').not.toBe('open');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows no toast without the canceled parameter', async () => {
    renderRoute('/subscribe');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Checkout Canceled')).not.toBeInTheDocument();
  });
});
