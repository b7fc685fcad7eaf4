import { screen, waitFor } from '@testing-library/react';
import { browserWindow } from '../../../../lib/browser-window';
import { pending, renderRoute } from '../../../../test/render-route';

const PORTAL = '/api/create-portal-session';
const BUTTON = { name: 'Manage Subscription & Billing' };

describe('/account', () => {
  it('shows its heading and the portal button', async () => {
    renderRoute('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Subscription & Billing' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', BUTTON)).toBeEnabled();
  });

  it('posts for a portal session and goes to its url', async () => {
    const assign = jest.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    const { user, fetchMock } = renderRoute('/account', {
      [PORTAL]: { body: { url: 'https://billing.stripe.example/p/session_1' } },
    });
    await user.click(await screen.findByRole('button', BUTTON));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://billing.stripe.example/p/session_1'),
    );
    expect(fetchMock).toHaveBeenCalledWith(PORTAL, expect.objectContaining({ method: 'POST' }));
  });

  it('disables the button while the portal session is being created', async () => {
    const { user } = renderRoute('/account', { [PORTAL]: () => pending() });
    await user.click(await screen.findByRole('button', BUTTON));
    expect(await screen.findByRole('button', { name: 'Opening billing portal...' })).toBeDisabled();
  });

  it('explains a 401 and links to /subscribe', async () => {
    const assign = jest.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    const { user } = renderRoute('/account', {
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

  it('says so when the portal cannot be opened for another reason', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderRoute('/account', { [PORTAL]: { status: 503, body: '' } });
    await user.click(await screen.findByRole('button', BUTTON));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing portal could not be opened',
    );
    expect(screen.getByRole('button', BUTTON)).toBeEnabled();
  });
});
