import { act, renderHook } from '@testing-library/react';
import { TOAST } from '../constants';
import { dismissToast, removeToast, toast, useToasts } from '../toast-store';

describe('toast store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => removeToast());
    jest.useRealTimers();
  });

  it('shows one toast at a time, newest first', () => {
    const { result } = renderHook(() => useToasts());

    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });

    expect(result.current.map((entry) => entry.title)).toEqual(['Second']);
  });

  it('updates a toast in place', () => {
    const { result } = renderHook(() => useToasts());

    act(() => {
      toast({ title: 'Saving' }).update({ title: 'Saved' });
    });

    expect(result.current[0]).toMatchObject({ title: 'Saved', open: true });
  });

  it('closes a dismissed toast and removes it only after the removal delay', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Checkout Canceled', variant: 'destructive' }).id;
    });

    act(() => dismissToast(id));
    expect(result.current).toEqual([expect.objectContaining({ id, open: false })]);

    act(() => jest.advanceTimersByTime(TOAST.removeDelayMs - 1));
    expect(result.current).toHaveLength(1);

    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });
});
