import { act, screen, waitFor } from '@testing-library/react';
import { removeToast, toast } from '../../lib/toast-store';
import { renderRoute } from '../../test/render-route';

describe('toasts', () => {
  afterEach(() => act(() => removeToast()));

  it('shows a toast raised anywhere in the app and closes it on request', async () => {
    const { user } = renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    act(() => {
      toast({
        title: 'Checkout Canceled',
        description: 'You can try again anytime.',
        variant: 'destructive',
      });
    });

    expect(await screen.findByText('Checkout Canceled')).toBeInTheDocument();
    expect(screen.getByText('You can try again anytime.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Checkout Canceled')).not.toBeInTheDocument());
  });
});
