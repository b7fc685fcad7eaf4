import { screen, waitFor } from '@testing-library/react';
import { SESSION_ID_STORAGE_KEY } from '../../../../lib/constants';
import { answered, renderRoute } from '../../../../test/render-route';

const LANDING_API = '/api/daytrader?limit=12';
const CHECK = '/api/check-subscription';
const WITH_ACCESS = { [LANDING_API]: { body: [] }, [CHECK]: { body: { hasAccess: true } } };

describe('/daytrader subscription banner', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows no banner without a session id', async () => {
    renderRoute('/daytrader', WITH_ACCESS);
    await screen.findByText('$29.99/month');
    expect(screen.queryByText('Subscription Active!')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Launch Day Trading App' }),
    ).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
  });

  it('shows no banner for a session id that gives no access, but still saves it', async () => {
    const { fetchMock } = renderRoute('/daytrader?session_id=bogus', {
      [LANDING_API]: { body: [] },
      [CHECK]: { body: { hasAccess: false } },
    });
    await screen.findByText('$29.99/month');
    // Let the answer reach the page before looking.
    await answered(fetchMock, CHECK);
    expect(screen.queryByText('Subscription Active!')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('bogus');
  });

  it('shows no banner when the access check fails, and logs the failure', async () => {
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute('/daytrader?session_id=cs_test_x', {
      [LANDING_API]: { body: [] },
      [CHECK]: { status: 503, body: 'down' },
    });
    await screen.findByText('$29.99/month');
    // The check has answered before the banner's absence means anything.
    await waitFor(() =>
      expect(warned).toHaveBeenCalledWith(
        'Subscription check failed.',
        expect.objectContaining({ status: 503 }),
      ),
    );
    expect(screen.queryByText('Subscription Active!')).not.toBeInTheDocument();
  });

  it('shows the banner for a session id in the address and saves it', async () => {
    renderRoute('/daytrader?session_id=cs_test_from_query', WITH_ACCESS);
    const banner = await screen.findByRole('region', { name: 'Subscription Active!' });
    expect(banner).toHaveTextContent('Subscription Active!');
    expect(screen.getByRole('button', { name: 'Launch Day Trading App' })).toBeDisabled();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_from_query');
  });

  it('shows the banner for a session id kept in local storage', async () => {
    window.localStorage.setItem(SESSION_ID_STORAGE_KEY, 'cs_test_stored');
    renderRoute('/daytrader', WITH_ACCESS);
    expect(await screen.findByRole('region', { name: 'Subscription Active!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch Day Trading App' })).toBeDisabled();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_stored');
  });

  it('prefers the address over storage and replaces the stored id', async () => {
    window.localStorage.setItem(SESSION_ID_STORAGE_KEY, 'cs_test_old');
    renderRoute('/daytrader?session_id=cs_test_new', WITH_ACCESS);
    await screen.findByRole('region', { name: 'Subscription Active!' });
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_new');
  });
});
