import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../../../test/render-route';

const CONFIRM = '/api/members/sign-in/confirm';
const TOKEN = 'A'.repeat(43);

describe('/sign-in/confirm', () => {
  it('posts the token once, takes it out of the address and says who is signed in', async () => {
    const { fetchMock, location } = renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [CONFIRM]: {
        body: {
          email: 'ann@example.com',
          hasAccess: true,
          status: 'active',
          returnTo: '/professional-trading',
        },
      },
    });

    expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ann@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/professional-trading',
    );
    const posts = fetchMock.mock.calls.filter(([url]) => url === CONFIRM);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ token: TOKEN });
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('says when no subscription is linked to the address', async () => {
    renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [CONFIRM]: {
        body: { email: 'bob@example.com', hasAccess: false, status: 'none', returnTo: '/account' },
      },
    });
    expect(
      await screen.findByText(/No active subscription is linked to this address yet/),
    ).toBeInTheDocument();
  });

  it('explains a used or expired link and offers a new one', async () => {
    const message =
      'This sign-in link is no longer valid: links work once, for 20 minutes. Ask for a new one.';
    renderRoute(`/sign-in/confirm?token=${TOKEN}`, {
      [CONFIRM]: { status: 410, body: { statusCode: 410, error: 'Gone', message } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
  });

  it('asks nothing without a token', async () => {
    const { fetchMock } = renderRoute('/sign-in/confirm', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('the address does not carry one');
    expect(fetchMock.mock.calls.filter(([url]) => url === CONFIRM)).toHaveLength(0);
  });
});
