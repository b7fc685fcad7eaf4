import { ConnectionSlots } from './connection-slots';

describe('ConnectionSlots', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hands out up to its capacity at once', () => {
    const slots = new ConnectionSlots(2);
    expect(slots.tryAcquire()).toBeDefined();
    expect(slots.tryAcquire()).toBeDefined();
    expect(slots.tryAcquire()).toBeUndefined();
    expect(slots.inUse).toBe(2);
  });

  it('passes a released slot to the first in line, in order', async () => {
    const slots = new ConnectionSlots(1);
    const first = slots.tryAcquire()!;
    const order: string[] = [];
    const a = slots.acquire(1000).then((release) => {
      order.push('a');
      return release;
    });
    const b = slots.acquire(1000).then((release) => {
      order.push('b');
      return release;
    });
    first();
    (await a)!();
    (await b)!();
    expect(order).toEqual(['a', 'b']);
    expect(slots.inUse).toBe(0);
  });

  it('gives up on a waiter after its time, and the slot then goes to no one', async () => {
    const slots = new ConnectionSlots(1);
    const first = slots.tryAcquire()!;
    const waiting = slots.acquire(300);
    jest.advanceTimersByTime(300);
    expect(await waiting).toBeUndefined();
    first();
    expect(slots.inUse).toBe(0);
  });

  it('counts a slot released twice once', () => {
    const slots = new ConnectionSlots(2);
    const release = slots.tryAcquire()!;
    slots.tryAcquire();
    release();
    release();
    expect(slots.inUse).toBe(1);
  });
});
