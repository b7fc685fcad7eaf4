import { IdleDeadlines, type Watched } from './idle-deadlines';

function item(): Watched & { expired: number } {
  return {
    quietSince: 0,
    watchSlot: -1,
    expired: 0,
    expire() {
      this.expired += 1;
    },
  };
}

describe('IdleDeadlines', () => {
  let deadlines: IdleDeadlines;
  afterEach(() => deadlines.stop());

  it('expires what has been quiet for the deadline, once, and keeps the rest', () => {
    deadlines = new IdleDeadlines(1000);
    const quiet = item();
    const lively = item();
    deadlines.watch(quiet);
    deadlines.watch(lively);
    const start = quiet.quietSince;
    lively.quietSince = start + 600;

    deadlines.sweep(start + 999);
    expect([quiet.expired, lively.expired]).toEqual([0, 0]);
    deadlines.sweep(start + 1000);
    expect([quiet.expired, lively.expired]).toEqual([1, 0]);
    deadlines.sweep(start + 1500);
    expect([quiet.expired, lively.expired]).toEqual([1, 0]);
    deadlines.sweep(start + 1600);
    expect([quiet.expired, lively.expired]).toEqual([1, 1]);
    expect(deadlines.size).toBe(0);
  });

  it('never expires what it was told to forget', () => {
    deadlines = new IdleDeadlines(1000);
    const done = item();
    deadlines.watch(done);
    deadlines.forget(done);
    deadlines.sweep(done.quietSince + 5000);
    expect(done.expired).toBe(0);
  });

  it('sweeps on its own while something is watched', async () => {
    deadlines = new IdleDeadlines(40);
    const quiet = item();
    deadlines.watch(quiet);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(quiet.expired).toBe(1);
    expect(deadlines.size).toBe(0);
  });
});
