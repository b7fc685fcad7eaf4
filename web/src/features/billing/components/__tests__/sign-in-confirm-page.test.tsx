import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../../../test/render-route';

const CONFIRM = '/api/members/sign-in/confirm';
const TOKEN = 'A'.repeat(43);
const LINK = `/api/members/sign-in/link?token=${TOKEN}`;
const CONFIRMED = {
  email: 'ann@example.com',
  hasAccess: true,
  status: 'active',
  returnTo: '/professional-trading',
};

const link = (fields: Partial<{ sameBrowser: boolean; signedInAs: string | null }> = {}) => ({
  body: { email: 'ann@example.com', sameBrowser: true, signedInAs: null, ...fields },
});

describe('/sign-in/confirm', () => {
  const posts = (fetchMock: jest.Mock) =>
    fetchMock.mock.calls
      .filter(([url]) => url === CONFIRM)
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

  it('shows who the link signs in and signs in only when asked, in the browser that asked', async () => {
    const { fetchMock, location, user } = renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [LINK]: link(),
      [CONFIRM]: { body: CONFIRMED },
    });

    const button = await screen.findByRole('button', { name: 'Sign in as ann@example.com' });
    await waitFor(() => expect(location().search).toBe(''));
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(button);

    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ann@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/professional-trading',
    );
    expect(posts(fetchMock)).toEqual([{ token: TOKEN }]);
  });

  it('asks a browser that did not ask for the link to confirm the address, naming it', async () => {
    const { fetchMock, user } = renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [LINK]: link({ sameBrowser: false }),
      [CONFIRM]: { body: CONFIRMED },
    });

    expect(
      await screen.findByRole('heading', { name: 'Is this your address?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/asked for in another browser/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Not me' })).toHaveAttribute('href', '/');
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Yes, sign in as ann@example.com' }));

    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ token: TOKEN, confirmEmail: 'ann@example.com' }]);
  });

  it('shows who is signed in now and switches only on the explicit choice', async () => {
    const { fetchMock, user } = renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [LINK]: link({ signedInAs: 'bob@example.com' }),
      [CONFIRM]: { body: CONFIRMED },
    });

    expect(
      await screen.findByRole('heading', { name: 'Switch who is signed in?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This browser is signed in as bob@example.com.')).toBeInTheDocument();
    expect(screen.getByText('This link signs in ann@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stay signed in as bob@example.com' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(posts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Switch to ann@example.com' }));

    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([{ token: TOKEN, switchFrom: 'bob@example.com' }]);
  });

  it('says when no subscription is linked to the address', async () => {
    const { user } = renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [LINK]: link({ signedInAs: 'ann@example.com' }),
      [CONFIRM]: { body: { ...CONFIRMED, hasAccess: false, status: 'none' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in as ann@example.com' }));
    expect(
      await screen.findByText(/No active subscription is linked to this address yet/),
    ).toBeInTheDocument();
  });

  it('explains a used or expired link and offers a new one, without posting', async () => {
    const message =
      'This sign-in link is no longer valid: links work once, for 20 minutes. Ask for a new one.';
    const { fetchMock } = renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [LINK]: { status: 410, body: { statusCode: 410, error: 'Gone', message } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('asks nothing without a token', async () => {
    const { fetchMock } = renderRoute('/sign-in/confirm', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('the address does not carry one');
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/api/members/sign-in'),
      expect.anything(),
    );
  });
});
