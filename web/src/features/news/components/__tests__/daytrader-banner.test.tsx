import { screen } from '@testing-library/react';
import { SESSION_ID_STORAGE_KEY } from '@probedge/proto';
import { renderRoute } from '../../../../test/render-route';

const LANDING_API = '/api/daytrader?limit=12';

describe('/daytrader subscription banner', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows no banner without a session id', async () => {
    renderRoute('/daytrader', { [LANDING_API]: { body: [] } });
    await screen.findByText('$29.99/month');
    expect(screen.queryByText('Subscription Active!')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Launch Day Trading App' }),
    ).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
  });

  it('shows the banner for a session id in the address and saves it', async () => {
    renderRoute('/daytrader?session_id=cs_test_from_query', { [LANDING_API]: { body: [] } });
    const banner = await screen.findByRole('region', { name: 'Subscription Active!' });
    expect(banner).toHaveTextContent('Subscription Active!');
    expect(screen.getByRole('button', { name: 'Launch Day Trading App' })).toBeDisabled();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_from_query');
  });

  it('shows the banner for a session id kept in local storage', async () => {
    window.localStorage.setItem(SESSION_ID_STORAGE_KEY, 'cs_test_stored');
    renderRoute('/daytrader', { [LANDING_API]: { body: [] } });
    expect(await screen.findByRole('region', { name: 'Subscription Active!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch Day Trading App' })).toBeDisabled();
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_stored');
  });

  it('prefers the address over storage and replaces the stored id', async () => {
    window.localStorage.setItem(SESSION_ID_STORAGE_KEY, 'cs_test_old');
    renderRoute('/daytrader?session_id=cs_test_new', { [LANDING_API]: { body: [] } });
    await screen.findByRole('region', { name: 'Subscription Active!' });
    expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_new');
  });
});
