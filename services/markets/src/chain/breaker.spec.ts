import { Breaker } from './breaker';

const THRESHOLD = 3;
const COOLDOWN_MS = 30_000;

describe('Breaker', () => {
  let now: number;
  let breaker: Breaker;

  beforeEach(() => {
    now = Date.UTC(2024, 0, 31, 15, 0, 0);
    breaker = new Breaker(THRESHOLD, COOLDOWN_MS, () => now);
  });

  const failTimes = (times: number) => {
    for (let i = 0; i < times; i++) {
      expect(breaker.allow()).toBe(true);
      breaker.failed();
    }
  };

  it('starts closed and lets every call through', () => {
    expect(breaker.state).toBe('closed');
    for (let i = 0; i < 10; i++) expect(breaker.allow()).toBe(true);
  });

  it('stays closed while the failures in a row are fewer than the threshold', () => {
    failTimes(THRESHOLD - 1);
    expect(breaker.state).toBe('closed');
    expect(breaker.allow()).toBe(true);
  });

  it('counts failures in a row only: a success in between starts the count again', () => {
    failTimes(THRESHOLD - 1);
    breaker.succeeded();
    failTimes(THRESHOLD - 1);
    expect(breaker.state).toBe('closed');
    expect(breaker.allow()).toBe(true);
  });

  it('opens after the threshold of failures in a row and refuses calls', () => {
    failTimes(THRESHOLD);
    expect(breaker.state).toBe('open');
    expect(breaker.allow()).toBe(false);
    expect(breaker.allow()).toBe(false);
  });

  it('stays open for the whole cooldown', () => {
    failTimes(THRESHOLD);
    now += COOLDOWN_MS - 1;
    expect(breaker.state).toBe('open');
    expect(breaker.allow()).toBe(false);
  });

  it('lets exactly one trial through once the cooldown is over', () => {
    failTimes(THRESHOLD);
    now += COOLDOWN_MS;
    expect(breaker.state).toBe('half-open');
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
    expect(breaker.allow()).toBe(false);
  });

  it('closes when the trial succeeds', () => {
    failTimes(THRESHOLD);
    now += COOLDOWN_MS;
    expect(breaker.allow()).toBe(true);
    breaker.succeeded();
    expect(breaker.state).toBe('closed');
    for (let i = 0; i < 5; i++) expect(breaker.allow()).toBe(true);
    // A closed breaker needs the whole threshold of failures again to open.
    failTimes(THRESHOLD - 1);
    expect(breaker.state).toBe('closed');
  });

  it('opens again for a full cooldown when the trial fails', () => {
    failTimes(THRESHOLD);
    now += COOLDOWN_MS + 5_000;
    expect(breaker.allow()).toBe(true);
    breaker.failed();
    expect(breaker.state).toBe('open');
    expect(breaker.allow()).toBe(false);
    now += COOLDOWN_MS - 1;
    expect(breaker.allow()).toBe(false);
    now += 1;
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
  });

  it('frees the trial slot on release(), so the next call may be the trial', () => {
    failTimes(THRESHOLD);
    now += COOLDOWN_MS;
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
    breaker.release();
    expect(breaker.state).toBe('half-open');
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
  });

  it('keeps a released breaker half-open rather than closing it', () => {
    failTimes(THRESHOLD);
    now += COOLDOWN_MS;
    breaker.allow();
    breaker.release();
    expect(breaker.state).toBe('half-open');
    breaker.allow();
    breaker.failed();
    expect(breaker.state).toBe('open');
  });

  it('opens with a threshold of one after a single failure', () => {
    const single = new Breaker(1, 1_000, () => now);
    expect(single.allow()).toBe(true);
    single.failed();
    expect(single.allow()).toBe(false);
    now += 1_000;
    expect(single.allow()).toBe(true);
    single.succeeded();
    expect(single.state).toBe('closed');
  });
});
