import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SESSION_ID_STORAGE_KEY } from '../constants';
import { useCheckoutSessionId } from '../checkout-session';

function SessionLine() {
  const sessionId = useCheckoutSessionId();
  return <p>{sessionId ?? 'no session'}</p>;
}

const tree = (url: string) => (
  <MemoryRouter initialEntries={[url]}>
    <SessionLine />
  </MemoryRouter>
);

describe('useCheckoutSessionId when hydrating prerendered HTML', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    ['the address', '/daytrader?session_id=cs_test_cold', undefined],
    ['local storage', '/daytrader', 'cs_test_cold'],
  ])(
    'hydrates without a mismatch and then shows the session id from %s',
    async (_source, url, stored) => {
      if (stored) window.localStorage.setItem(SESSION_ID_STORAGE_KEY, stored);
      // The build renders without a visitor: no address query, no storage.
      const container = document.createElement('div');
      container.innerHTML = renderToString(tree('/daytrader'));
      document.body.append(container);
      expect(container).toHaveTextContent('no session');

      const recoverable = jest.fn();
      await act(async () => {
        hydrateRoot(container, tree(url), { onRecoverableError: recoverable });
      });

      expect(recoverable).not.toHaveBeenCalled();
      expect(container).toHaveTextContent('cs_test_cold');
      expect(window.localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe('cs_test_cold');
      container.remove();
    },
  );
});
