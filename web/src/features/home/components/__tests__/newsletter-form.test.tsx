import { screen } from '@testing-library/react';
import { HOME_FEED_STUBS, renderRoute, type StubHandler } from '../../../../test/render-route';

const NEWSLETTER_API = '/api/newsletter';

async function signUp(handler: StubHandler, email = 'trader@example.com') {
  const view = renderRoute('/', { ...HOME_FEED_STUBS, [NEWSLETTER_API]: handler });
  const input = await screen.findByLabelText('E-mail address');
  await view.user.type(input, email);
  await view.user.click(screen.getByRole('button', { name: 'Subscribe' }));
  return view;
}

const newsletterCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([url]) => url === NEWSLETTER_API);

describe("'Get Daily Insights' form", () => {
  it('posts the address and asks the reader to confirm from the inbox', async () => {
    const { fetchMock } = await signUp({
      status: 202,
      body: { message: 'Check your inbox to confirm your subscription.' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm');
    const [[, init]] = newsletterCalls(fetchMock) as [[string, RequestInit]];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'trader@example.com' });
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
  });

  it('answers a duplicate sign-up exactly like a new one', async () => {
    await signUp({
      status: 200,
      body: { message: 'Check your inbox to confirm your subscription.' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox to confirm');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message inline for a 400", async () => {
    await signUp({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'email must be an email' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('email must be an email');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'email must be an email',
    );
  });

  it('says to try later on a 429', async () => {
    await signUp({ status: 429, body: { statusCode: 429, message: 'Too Many Requests' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-ups from here; try again later',
    );
  });

  it('shows an inline error for a server failure and keeps the address for a retry', async () => {
    await signUp({ status: 503, body: 'down' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not sign you up right now',
    );
    expect(screen.getByLabelText('E-mail address')).toHaveValue('trader@example.com');
  });

  it('shows an inline error when the network fails', async () => {
    await signUp(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not sign you up right now',
    );
  });

  it('does not send an address that is not an e-mail', async () => {
    const { fetchMock } = await signUp({ status: 202, body: {} }, 'not-an-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    expect(newsletterCalls(fetchMock)).toHaveLength(0);
  });
});
