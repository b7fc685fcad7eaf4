import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SESSION_ID_STORAGE_KEY } from '../../../../lib/constants';
import { AppProviders } from '../../../../app/app';
import { AppRoutes } from '../../../../app/router';
import { pageReload } from '../../../../lib/page-reload';
import { pending, renderRoute, stubFetch } from '../../../../test/render-route';

const ACTIVATE = '/api/activate-subscription';
const SESSION = 'cs_sandbox_a1b2c3d4e5f6g7h8';

function activationCalls(fetchMock: jest.Mock) {
  return fetchMock.mock.calls.filter(([url]) => url === ACTIVATE);
}

/** The error view of a payment not confirmed: the way to retry and to write, none of the success claims. */
async function expectHonestErrorView(): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert');
  expect(
    within(alert).getByRole('heading', { name: 'We could not confirm your payment yet' }),
  ).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(within(alert).getByRole('link', { name: 'support@probedge.example' })).toHaveAttribute(
    'href',
    expect.stringMatching(/^mailto:support@probedge\.example/),
  );
  expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
  expect(screen.queryByText(/Your subscription is now active/)).not.toBeInTheDocument();
  return alert;
}

describe('/subscribe/success', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the processing text while activating', async () => {
    renderRoute(`/subscribe/success?session_id=${SESSION}`, { [ACTIVATE]: () => pending() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Processing Your Subscription' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please wait while we activate your account...')).toBeInTheDocument();
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
  });

  it('activates the session and shows the success view with the four buttons', async () => {
    const { fetchMock } = renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: { body: { hasAccess: true, status: 'active' } },
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Welcome to the Professional Trading App!',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your subscription is now active. You have access to all premium features.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByText(`…${SESSION.slice(-8)}`)).toBeInTheDocument();
    expect(screen.queryByText(SESSION)).not.toBeInTheDocument();

    const links = [
      ['Go to Day Trader Page', `/daytrader?session_id=${SESSION}`],
      ['Go to Professional Page', `/professional-trading?session_id=${SESSION}`],
      ['Manage Subscription & Billing', '/account'],
      ['Back to Home', '/'],
    ];
    const main = screen.getByRole('region', { name: 'Welcome to the Professional Trading App!' });
    for (const [name, href] of links) {
      expect(within(main).getByRole('link', { name })).toHaveAttribute('href', href);
    }

    const calls = activationCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]).toEqual(
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ sessionId: SESSION }) }),
    );
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe(SESSION);
  });

  it.each([
    [402, { statusCode: 402, error: 'Payment Required', message: 'Session not paid' }],
    [404, { statusCode: 404, error: 'Not Found', message: 'Unknown session' }],
    [400, { statusCode: 400, error: 'Bad Request', message: 'Malformed session id' }],
  ])('shows the honest error view after a %i, never the success claims', async (status, body) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(`/subscribe/success?session_id=${SESSION}`, { [ACTIVATE]: { status, body } });
    await expectHonestErrorView();
    expect(logged).toHaveBeenCalled();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
  });

  it('shows the honest error view when activation answers without access, never the success claims', async () => {
    renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: { body: { hasAccess: false, status: 'canceled' } },
    });
    const alert = await expectHonestErrorView();
    expect(alert).toHaveTextContent('reports its subscription as canceled');
    expect(screen.queryByRole('link', { name: 'Go to Day Trader Page' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
  });

  it("shows billing's refusal of a checkout from another browser, with the way to sign in", async () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const message =
      'This checkout was completed in another browser. Sign in with the e-mail address you paid with to get access here.';
    renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: { status: 403, body: { statusCode: 403, error: 'Forbidden', message } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2Fprofessional-trading',
    );
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
    expect(warned).toHaveBeenCalled();
  });

  it('shows the honest error view when the activation request fails on the network', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not confirm your payment yet');
    expect(alert).toHaveTextContent('Retrying never charges you again');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Payment successful!')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
  });

  it('labels a sandbox session: no real payment was taken', async () => {
    renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: { body: { hasAccess: true, status: 'active' } },
    });
    const main = await screen.findByRole('region', {
      name: 'Welcome to the Professional Trading App!',
    });
    const note = within(main).getByRole('note', { name: 'Sandbox: no real payment was taken' });
    expect(note).toHaveTextContent('checkout completed without Stripe and no card was charged');
  });

  it('shows no sandbox label for a Stripe session', async () => {
    const stripeSession = `cs_test_${'a1B2c3D4'.repeat(4)}`;
    renderRoute(`/subscribe/success?session_id=${stripeSession}`, {
      [ACTIVATE]: { body: { hasAccess: true, status: 'active' } },
    });
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/Sandbox/)).not.toBeInTheDocument();
  });

  it('retries the activation and shows success when it goes through', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let answers = 0;
    const { user, fetchMock } = renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: () => {
        answers += 1;
        return answers === 1
          ? { status: 402, body: { statusCode: 402, error: 'Payment Required', message: 'x' } }
          : { body: { hasAccess: true, status: 'active' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(activationCalls(fetchMock)).toHaveLength(2);
  });

  it('shows the error view at once without a session_id: Retry reads the address again, Back to Pricing, support', async () => {
    const reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => {});
    try {
      const { fetchMock, user } = renderRoute('/subscribe/success');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('We could not confirm your payment yet');
      expect(alert).toHaveTextContent('the address does not carry one');
      expect(within(alert).getByRole('link', { name: 'support@probedge.example' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^mailto:support@probedge\.example/),
      );
      expect(within(alert).getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute(
        'href',
        '/subscribe',
      );
      expect(
        screen.queryByText('Please wait while we activate your account...'),
      ).not.toBeInTheDocument();

      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(activationCalls(fetchMock)).toHaveLength(0);
    } finally {
      reload.mockRestore();
    }
  });

  it('offers the way back to pricing next to Retry after a failed activation', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(`/subscribe/success?session_id=${SESSION}`, {
      [ACTIVATE]: {
        status: 402,
        body: { statusCode: 402, error: 'Payment Required', message: 'x' },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
  });

  it('posts the activation once under StrictMode', async () => {
    const fetchMock = stubFetch({ [ACTIVATE]: { body: { hasAccess: true, status: 'active' } } });
    render(
      <StrictMode>
        <AppProviders swrConfig={{ provider: () => new Map() }}>
          <MemoryRouter initialEntries={[`/subscribe/success?session_id=${SESSION}`]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    await waitFor(() => expect(activationCalls(fetchMock)).toHaveLength(1));
  });
});
