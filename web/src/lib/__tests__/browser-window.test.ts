import { browserWindow } from '../browser-window';

/** A stand-in for the Window that window.open hands back. */
function fakeTab() {
  return {
    opener: window as Window | null,
    closed: false,
    location: { replace: jest.fn<void, [string]>() },
    close: jest.fn<void, []>(),
  };
}

describe('browserWindow.openPending', () => {
  it('opens an empty tab at once, then sends it to the address cut off from this page', () => {
    const tab = fakeTab();
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const pending = browserWindow.openPending();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.replace).not.toHaveBeenCalled();

    pending.go('https://checkout.stripe.example/c/cs_test_1');
    expect(tab.opener).toBeNull();
    expect(tab.location.replace).toHaveBeenCalledWith(
      'https://checkout.stripe.example/c/cs_test_1',
    );
  });

  it('closes the tab when there is nothing to show', () => {
    const tab = fakeTab();
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    browserWindow.openPending().close();
    expect(tab.close).toHaveBeenCalledTimes(1);
  });

  it('goes there in this tab when the browser refused a new one, or it was closed', () => {
    const assign = jest.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    jest.spyOn(window, 'open').mockReturnValue(null);
    browserWindow.openPending().go('https://checkout.stripe.example/c/cs_test_2');
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.example/c/cs_test_2');

    const closed = { ...fakeTab(), closed: true };
    jest.spyOn(window, 'open').mockReturnValue(closed as unknown as Window);
    browserWindow.openPending().go('https://checkout.stripe.example/c/cs_test_3');
    expect(assign).toHaveBeenLastCalledWith('https://checkout.stripe.example/c/cs_test_3');
    expect(closed.location.replace).not.toHaveBeenCalled();
  });
});
