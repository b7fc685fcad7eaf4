import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../../../test/render-route';

const UNSUBSCRIBE = '/api/newsletter/unsubscribe';
const RESUBSCRIBE = '/api/newsletter/resubscribe';
const TOKEN = `${'q'.repeat(22)}.${'s'.repeat(43)}`;
const LEFT =
  'You are unsubscribed from Daily Insights; no more e-mails will be sent to this address.';
const BACK = 'Welcome back: you are subscribed to Daily Insights again.';

const postsTo = (fetchMock: jest.Mock, url: string) =>
  fetchMock.mock.calls.filter(([called]) => called === url);

describe('/newsletter/unsubscribed', () => {
  it('unsubscribes once on arrival, takes the token out of the address, and offers the way back', async () => {
    const { fetchMock, location, user } = renderRoute(`/newsletter/unsubscribed?token=${TOKEN}`, {
      [UNSUBSCRIBE]: { body: { message: LEFT } },
      [RESUBSCRIBE]: { body: { message: BACK } },
    });

    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByText(LEFT)).toBeInTheDocument();
    const posts = postsTo(fetchMock, UNSUBSCRIBE);
    expect(posts).toHaveLength(1);
    expect(posts[0]![1]!.method).toBe('POST');
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ token: TOKEN });
    await waitFor(() => expect(location().search).toBe(''));

    await user.click(screen.getByRole('button', { name: 'Resubscribe' }));
    expect(
      await screen.findByRole('heading', { name: "You're subscribed again" }),
    ).toBeInTheDocument();
    expect(screen.getByText(BACK)).toBeInTheDocument();
    expect(JSON.parse(String(postsTo(fetchMock, RESUBSCRIBE)[0]![1]!.body))).toEqual({
      token: TOKEN,
    });
    // And out again, with the same link.
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it("shows the service's message for an unknown link", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'This link is unknown; sign up again on the home page if you want the e-mails.';
    renderRoute(`/newsletter/unsubscribed?token=${TOKEN}`, {
      [UNSUBSCRIBE]: { status: 404, body: { statusCode: 404, error: 'Not Found', message } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks nothing without a token', async () => {
    const { fetchMock } = renderRoute('/newsletter/unsubscribed', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('the address does not carry one');
    expect(postsTo(fetchMock, UNSUBSCRIBE)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
