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

  describe('with slots reserved for priority requests', () => {
    it('keeps the reserve from ordinary requests and gives it to priority ones', () => {
      const slots = new ConnectionSlots(4, 2);
      expect(slots.tryAcquire()).toBeDefined();
      expect(slots.tryAcquire()).toBeDefined();
      expect(slots.tryAcquire()).toBeUndefined();
      expect(slots.tryAcquire(true)).toBeDefined();
      expect(slots.tryAcquire(true)).toBeDefined();
      expect(slots.tryAcquire(true)).toBeUndefined();
      expect(slots.inUse).toBe(4);
    });

    it('passes a freed slot to a waiting priority request before earlier ordinary ones', async () => {
      const slots = new ConnectionSlots(2, 1);
      const ordinary = slots.tryAcquire()!;
      const priority = slots.tryAcquire(true)!;
      const order: string[] = [];
      const waitingOrdinary = slots.acquire(1000).then((release) => {
        order.push('ordinary');
        return release;
      });
      const waitingPriority = slots.acquire(1000, true).then((release) => {
        order.push('priority');
        return release;
      });
      ordinary();
      const second = await waitingPriority;
      expect(order).toEqual(['priority']);
      // Two priority requests hold both slots; the ordinary one waits until one is back below
      // the reserve.
      priority();
      await Promise.resolve();
      expect(order).toEqual(['priority']);
      second!();
      (await waitingOrdinary)!();
      expect(order).toEqual(['priority', 'ordinary']);
      expect(slots.inUse).toBe(0);
    });
  });
});
