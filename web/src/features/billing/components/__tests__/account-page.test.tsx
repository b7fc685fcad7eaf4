import { screen, waitFor, within } from '@testing-library/react';
import { browserWindow } from '../../../../lib/browser-window';
import { pending, renderRoute } from '../../../../test/render-route';

const PORTAL = '/api/create-portal-session';
const CHECK = '/api/check-subscription';
const BUTTON = { name: 'Manage Subscription & Billing' };
const SUBSCRIBED = { [CHECK]: { body: { hasAccess: true } } };

describe('/account', () => {
  it('shows its heading and the portal button', async () => {
    renderRoute('/account', SUBSCRIBED);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Subscription & Billing' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', BUTTON)).toBeEnabled();
  });

  it('posts for a portal session and goes to its url', async () => {
    const assign = jest.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    const { user, fetchMock } = renderRoute('/account', {
      ...SUBSCRIBED,
      [PORTAL]: { body: { url: 'https://billing.stripe.example/p/session_1' } },
    });
    await user.click(await screen.findByRole('button', BUTTON));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.example/p/session_1'),
    );
    expect(fetchMock).toHaveBeenCalledWith(PORTAL, expect.objectContaining({ method: 'POST' }));
  });

  it('disables the button while the portal session is being created', async () => {
    const { user } = renderRoute('/account', { ...SUBSCRIBED, [PORTAL]: () => pending() });
    await user.click(await screen.findByRole('button', BUTTON));
    expect(await screen.findByRole('button', { name: 'Opening billing portal...' })).toBeDisabled();
  });

  it('explains a 401 and links to /subscribe', async () => {
    const assign = jest.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    // The access ended between the check on arrival and the click.
    const { user } = renderRoute('/account', {
      ...SUBSCRIBED,
      [PORTAL]: {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'No active subscription' },
      },
    });
    await user.click(await screen.findByRole('button', BUTTON));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There is no active subscription in this browser');
    expect(screen.getByRole('link', { name: 'See the plan and subscribe' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('explains on arrival, before any click, when this browser has no subscription', async () => {
    const { fetchMock } = renderRoute('/account', { [CHECK]: { body: { hasAccess: false } } });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('There is no active subscription in this browser');
    expect(
      within(status).getByRole('link', { name: 'See the plan and subscribe' }),
    ).toHaveAttribute('href', '/subscribe');
    // Nothing to manage: the portal button is not offered beside the explanation.
    expect(screen.queryByRole('button', BUTTON)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(PORTAL, expect.anything());
  });

  it.each([
    ['a subscriber', { body: { hasAccess: true } }],
    ['a failed check', { status: 503, body: '' }],
  ])('shows no explanation on arrival for %s', async (_label, answer) => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchMock } = renderRoute('/account', { [CHECK]: answer });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(CHECK, expect.anything()));
    expect(await screen.findByRole('button', BUTTON)).toBeEnabled();
    expect(screen.queryByText(/There is no active subscription/)).not.toBeInTheDocument();
  });

  it('says so when the portal cannot be opened for another reason', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoute('/account', {
      ...SUBSCRIBED,
      [PORTAL]: { status: 503, body: '' },
    });
    await user.click(await screen.findByRole('button', BUTTON));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing portal could not be opened',
    );
    expect(screen.getByRole('button', BUTTON)).toBeEnabled();
  });

  it('shows who is signed in, and signing out asks again who has access', async () => {
    let signedIn = true;
    const { user, fetchMock } = renderRoute('/account', {
      [CHECK]: () => ({ body: { hasAccess: signedIn } }),
      '/api/members/me': () =>
        signedIn
          ? { body: { email: 'ann@example.com', hasAccess: true, status: 'active' } }
          : {
              status: 401,
              body: { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' },
            },
      '/api/members/sign-out': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/members/sign-out',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2Faccount',
    );
  });
});
