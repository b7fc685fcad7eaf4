import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pending, renderRoute } from '../../../../test/render-route';

const SIGN_IN = '/api/members/sign-in';
const ACCEPTED = {
  body: {
    message:
      'If that address can receive mail, a sign-in link is on its way. It works once, for 20 minutes.',
  },
};

describe('/sign-in', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for a link for the address and the page to return to, then says to check the inbox', async () => {
    const { user, fetchMock } = renderRoute('/sign-in?returnTo=%2Fprofessional-trading', {
      [SIGN_IN]: { status: 202, ...ACCEPTED },
    });
    await user.type(await screen.findByLabelText('E-mail'), ' ann@example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Check your inbox.');
    expect(status).toHaveTextContent('ann@example.com');
    expect(status).toHaveTextContent('It works once, for 20 minutes.');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === SIGN_IN)!;
    expect(JSON.parse(String(init!.body))).toEqual({
      email: 'ann@example.com',
      returnTo: '/professional-trading',
    });
  });

  it('drops a returnTo that leaves the site', async () => {
    const { user, fetchMock } = renderRoute('/sign-in?returnTo=%2F%2Fevil.example', {
      [SIGN_IN]: { status: 202, ...ACCEPTED },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByRole('status');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === SIGN_IN)!;
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'ann@example.com' });
  });

  it('offers to send again only after 60 seconds', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-25T09:00:00Z') });
    // Typing and clicking move the fake clock themselves, inside React's act.
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let sent = 0;
    renderRoute('/sign-in', {
      [SIGN_IN]: () => {
        sent += 1;
        return { status: 202, ...ACCEPTED };
      },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByRole('button', { name: /Send again in 1 s/ })).toBeDisabled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_000);
    });
    const again = screen.getByRole('button', { name: 'Send again' });
    expect(again).toBeEnabled();
    await user.click(again);
    await waitFor(() => expect(sent).toBe(2));
  });

  it.each([
    [400, 'email must not contain spaces, control characters, quotes or < > ( ) [ ] , ; : \\'],
    [429, 'Too many sign-in links were asked for this address; try again in 3400 s'],
  ])('shows the service’s explanation of a %i', async (status, message) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoute('/sign-in', {
      [SIGN_IN]: { status, body: { statusCode: status, error: 'x', message } },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status }));
  });

  it('says so when the link could not be asked for, and logs why', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoute('/sign-in', { [SIGN_IN]: { status: 503, body: 'down' } });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in link could not be sent right now',
    );
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 503 }));
  });

  it('disables the button while the request is on its way', async () => {
    const { user } = renderRoute('/sign-in', { [SIGN_IN]: () => pending() });
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  });
});
