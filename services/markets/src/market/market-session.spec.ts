import fc from 'fast-check';
import {
  closesEarly,
  currentSession,
  exchangeHoliday,
  isSessionOpen,
  isTradingDay,
  nextOpen,
  quoteFreshSeconds,
  settledSession,
  shiftDate,
  tradingDaysBefore,
} from './market-session';

const NEW_YORK = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('isSessionOpen', () => {
  it.each([
    // A winter Wednesday (EST, UTC-5): 09:30 is 14:30Z and 16:00 is 21:00Z.
    ['2024-01-31T14:29:59Z', false, 'one second before the opening bell'],
    ['2024-01-31T14:30:00Z', true, 'at the opening bell'],
    ['2024-01-31T18:00:00Z', true, 'at midday'],
    ['2024-01-31T20:59:59Z', true, 'one second before the close'],
    ['2024-01-31T21:00:00Z', false, 'at the closing bell'],
    ['2024-01-31T23:30:00Z', false, 'in the evening'],
    ['2024-01-31T04:00:00Z', false, 'before dawn'],
    // A summer Wednesday (EDT, UTC-4): 09:30 is 13:30Z and 16:00 is 20:00Z.
    ['2024-07-17T13:29:59Z', false, 'one second before a summer opening'],
    ['2024-07-17T13:30:00Z', true, 'at a summer opening'],
    ['2024-07-17T19:59:59Z', true, 'one second before a summer close'],
    ['2024-07-17T20:00:00Z', false, 'at a summer close'],
  ])('at %s is %s (%s)', (instant, open) => {
    expect(isSessionOpen(at(instant), NEW_YORK)).toBe(open);
  });

  describe('in the week clocks go forward (Sunday 2024-03-10)', () => {
    it.each([
      // Friday still on EST.
      ['2024-03-08T14:29:00Z', false],
      ['2024-03-08T14:30:00Z', true],
      ['2024-03-08T20:59:00Z', true],
      ['2024-03-08T21:00:00Z', false],
      // Monday on EDT: the bell is an hour earlier in UTC.
      ['2024-03-11T13:29:00Z', false],
      ['2024-03-11T13:30:00Z', true],
      ['2024-03-11T19:59:00Z', true],
      ['2024-03-11T20:00:00Z', false],
      ['2024-03-11T20:30:00Z', false],
    ])('at %s is %s', (instant, open) => {
      expect(isSessionOpen(at(instant), NEW_YORK)).toBe(open);
    });
  });

  describe('in the week clocks go back (Sunday 2024-11-03)', () => {
    it.each([
      ['2024-11-01T13:30:00Z', true],
      ['2024-11-01T19:59:00Z', true],
      ['2024-11-01T20:00:00Z', false],
      ['2024-11-04T13:30:00Z', false],
      ['2024-11-04T14:29:00Z', false],
      ['2024-11-04T14:30:00Z', true],
      ['2024-11-04T20:30:00Z', true],
      ['2024-11-04T21:00:00Z', false],
    ])('at %s is %s', (instant, open) => {
      expect(isSessionOpen(at(instant), NEW_YORK)).toBe(open);
    });
  });

  it.each([
    '2024-02-03T15:00:00Z', // Saturday, during what would be the session
    '2024-02-04T18:00:00Z', // Sunday
    '2024-03-09T15:00:00Z', // the Saturday before clocks go forward
    '2024-03-10T14:00:00Z', // the Sunday they do
  ])('is closed all weekend (%s)', (instant) => {
    expect(isSessionOpen(at(instant), NEW_YORK)).toBe(false);
  });

  it("follows the market's zone, not UTC's date: Friday evening in New York is Saturday in UTC", () => {
    // 2024-02-02 20:30 EST, 01:30Z on Saturday: closed, but because it is after 16:00 on Friday.
    expect(isSessionOpen(at('2024-02-03T01:30:00Z'), NEW_YORK)).toBe(false);
    expect(currentSession(at('2024-02-03T01:30:00Z'), NEW_YORK).date).toBe('2024-02-02');
  });
});

describe('currentSession', () => {
  it("is today's once today's session has opened", () => {
    const session = currentSession(at('2024-02-05T15:00:00Z'), NEW_YORK);
    expect(session).toEqual({
      date: '2024-02-05',
      open: at('2024-02-05T14:30:00Z'),
      close: at('2024-02-05T21:00:00Z'),
    });
  });

  it("is Friday's before the opening bell on a Monday", () => {
    const session = currentSession(at('2024-02-05T13:00:00Z'), NEW_YORK);
    expect(session).toEqual({
      date: '2024-02-02',
      open: at('2024-02-02T14:30:00Z'),
      close: at('2024-02-02T21:00:00Z'),
    });
  });

  it("is Friday's, at Friday's offset, before the open on the Monday after clocks go forward", () => {
    // 09:00 EDT on Monday; Friday's session ran on EST.
    const session = currentSession(at('2024-03-11T13:00:00Z'), NEW_YORK);
    expect(session).toEqual({
      date: '2024-03-08',
      open: at('2024-03-08T14:30:00Z'),
      close: at('2024-03-08T21:00:00Z'),
    });
  });

  it("is Friday's all weekend", () => {
    expect(currentSession(at('2024-02-03T12:00:00Z'), NEW_YORK).date).toBe('2024-02-02');
    expect(currentSession(at('2024-02-04T23:00:00Z'), NEW_YORK).date).toBe('2024-02-02');
  });

  it("is the previous day's before the open on a Tuesday", () => {
    expect(currentSession(at('2024-02-06T12:00:00Z'), NEW_YORK).date).toBe('2024-02-05');
  });

  it("is today's after today's close", () => {
    expect(currentSession(at('2024-02-05T22:00:00Z'), NEW_YORK).date).toBe('2024-02-05');
  });
});

describe('nextOpen', () => {
  it("is Monday's bell from a Saturday", () => {
    expect(nextOpen(at('2024-02-03T12:00:00Z'), NEW_YORK)).toEqual(at('2024-02-05T14:30:00Z'));
  });

  it("is the next day's bell during a session", () => {
    expect(nextOpen(at('2024-01-31T15:00:00Z'), NEW_YORK)).toEqual(at('2024-02-01T14:30:00Z'));
  });

  it("is the same day's bell early in the morning", () => {
    expect(nextOpen(at('2024-01-31T10:00:00Z'), NEW_YORK)).toEqual(at('2024-01-31T14:30:00Z'));
  });

  it("is Monday's summer-time bell from the Friday before clocks go forward", () => {
    expect(nextOpen(at('2024-03-08T21:00:00Z'), NEW_YORK)).toEqual(at('2024-03-11T13:30:00Z'));
  });
});

describe('settledSession', () => {
  const TWO_HOURS = 2 * 3600 * 1000;

  it("is the day before while today's session runs", () => {
    expect(settledSession(at('2024-01-31T15:00:00Z'), NEW_YORK, TWO_HOURS)).toBe('2024-01-30');
  });

  it("is today's once its close is two hours old, not before", () => {
    expect(settledSession(at('2024-01-31T22:59:00Z'), NEW_YORK, TWO_HOURS)).toBe('2024-01-30');
    expect(settledSession(at('2024-01-31T23:00:00Z'), NEW_YORK, TWO_HOURS)).toBe('2024-01-31');
  });

  it("is Friday's over a weekend and the early close's after a holiday", () => {
    expect(settledSession(at('2024-02-04T12:00:00Z'), NEW_YORK, TWO_HOURS)).toBe('2024-02-02');
    // Thanksgiving 2024 is closed; the Friday after closes at 13:00, settled by 15:00.
    expect(settledSession(at('2024-11-29T20:00:00Z'), NEW_YORK, TWO_HOURS)).toBe('2024-11-29');
    expect(settledSession(at('2024-11-28T20:00:00Z'), NEW_YORK, TWO_HOURS)).toBe('2024-11-27');
  });
});

describe('quoteFreshSeconds', () => {
  it('is the open-session freshness while the session runs', () => {
    expect(quoteFreshSeconds(at('2024-01-31T15:00:00Z'), NEW_YORK, 60, 900)).toBe(60);
  });

  it('is the closed-session freshness in the evening, when the next open is far', () => {
    expect(quoteFreshSeconds(at('2024-01-31T22:00:00Z'), NEW_YORK, 60, 900)).toBe(900);
  });

  it('never runs past the next opening bell', () => {
    // Ten seconds before Wednesday's open.
    expect(quoteFreshSeconds(at('2024-01-31T14:29:50Z'), NEW_YORK, 60, 900)).toBe(10);
  });

  it("reaches from Friday's close exactly to Monday's open when allowed longer", () => {
    // 65.5 hours from 16:00 EST on Friday to 09:30 EST on Monday.
    expect(quoteFreshSeconds(at('2024-02-02T21:00:00Z'), NEW_YORK, 60, 10_000_000)).toBe(235_800);
  });

  it('counts the hour lost when clocks go forward over the weekend', () => {
    // 16:00 EST on Friday to 09:30 EDT on Monday: 64.5 hours.
    expect(quoteFreshSeconds(at('2024-03-08T21:00:00Z'), NEW_YORK, 60, 10_000_000)).toBe(232_200);
  });

  it('is at least one second, even a moment before the bell', () => {
    expect(quoteFreshSeconds(at('2024-01-31T14:29:59.900Z'), NEW_YORK, 60, 900)).toBe(1);
  });

  it('outside the session, never lasts past the next opening bell (any instant, 2024-2027)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.integer({ min: 1, max: 400_000 }),
        (ms, closedSeconds) => {
          const now = new Date(ms);
          const fresh = quoteFreshSeconds(now, NEW_YORK, 60, closedSeconds);
          if (isSessionOpen(now, NEW_YORK)) {
            expect(fresh).toBe(60);
            return;
          }
          expect(fresh).toBeGreaterThanOrEqual(1);
          expect(fresh).toBeLessThanOrEqual(closedSeconds);
          const open = nextOpen(now, NEW_YORK).getTime();
          // Rounded up to whole seconds: at most one second beyond the bell.
          expect(ms + (fresh - 1) * 1000).toBeLessThan(open);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('trading days', () => {
  it('are Monday to Friday', () => {
    expect(
      ['2024-02-02', '2024-02-03', '2024-02-04', '2024-02-05'].map((day) => isTradingDay(day)),
    ).toEqual([true, false, false, true]);
  });

  it('shiftDate moves by calendar days across months and years', () => {
    expect(shiftDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDate('2024-12-31', 1)).toBe('2025-01-01');
    expect(shiftDate('2024-03-09', 2)).toBe('2024-03-11');
  });

  it('tradingDaysBefore lists the last trading days, oldest first, skipping the weekend', () => {
    expect(tradingDaysBefore('2024-02-06', 4)).toEqual([
      '2024-02-01',
      '2024-02-02',
      '2024-02-05',
      '2024-02-06',
    ]);
  });
});

describe('exchange holidays and early closes', () => {
  /** Every weekday of `year` on which the exchange does not open. */
  const closedWeekdays = (year: number) => {
    const closed: string[] = [];
    for (let date = `${year}-01-01`; date.startsWith(`${year}`); date = shiftDate(date, 1)) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday !== 0 && weekday !== 6 && !isTradingDay(date)) closed.push(date);
    }
    return closed;
  };
  const earlyCloses = (year: number) => {
    const early: string[] = [];
    for (let date = `${year}-01-01`; date.startsWith(`${year}`); date = shiftDate(date, 1)) {
      if (closesEarly(date)) early.push(date);
    }
    return early;
  };

  // The NYSE's published holiday and early-close calendars.
  it.each([
    [
      2024,
      ['01-01', '01-15', '02-19', '03-29', '05-27', '06-19', '07-04', '09-02', '11-28', '12-25'],
      ['07-03', '11-29', '12-24'],
    ],
    [
      2025,
      [
        '01-01',
        '01-09',
        '01-20',
        '02-17',
        '04-18',
        '05-26',
        '06-19',
        '07-04',
        '09-01',
        '11-27',
        '12-25',
      ],
      ['07-03', '11-28', '12-24'],
    ],
    [
      2026,
      ['01-01', '01-19', '02-16', '04-03', '05-25', '06-19', '07-03', '09-07', '11-26', '12-25'],
      ['11-27', '12-24'],
    ],
    [
      2027,
      ['01-01', '01-18', '02-15', '03-26', '05-31', '06-18', '07-05', '09-06', '11-25', '12-24'],
      ['11-26'],
    ],
  ])('%i: closed on its holidays, early on its half days', (year, holidays, early) => {
    expect(closedWeekdays(year)).toEqual(holidays.map((day) => `${year}-${day}`));
    expect(earlyCloses(year)).toEqual(early.map((day) => `${year}-${day}`));
  });

  it("does not move a Saturday New Year's Day back into the old year (2022: open on 31 December 2021)", () => {
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(exchangeHoliday('2021-12-31')).toBeUndefined();
    // Nor forward: the Monday after opens.
    expect(isTradingDay('2022-01-03')).toBe(true);
  });

  it('names the holiday', () => {
    expect(exchangeHoliday('2026-11-26')).toBe('Thanksgiving Day');
    expect(exchangeHoliday('2026-04-03')).toBe('Good Friday');
    expect(exchangeHoliday('2026-11-27')).toBeUndefined();
  });

  it('is closed all Thanksgiving; the session after it closes at 13:00 New York time', () => {
    const thanksgivingNoon = new Date('2026-11-26T17:00:00Z');
    expect(isSessionOpen(thanksgivingNoon, NEW_YORK)).toBe(false);
    expect(currentSession(thanksgivingNoon, NEW_YORK).date).toBe('2026-11-25');
    expect(nextOpen(thanksgivingNoon, NEW_YORK)).toEqual(new Date('2026-11-27T14:30:00Z'));
    const friday = currentSession(new Date('2026-11-27T15:00:00Z'), NEW_YORK);
    expect(friday.close).toEqual(new Date('2026-11-27T18:00:00Z'));
    expect(isSessionOpen(new Date('2026-11-27T18:30:00Z'), NEW_YORK)).toBe(false);
  });

  it('lists trading days across a holiday weekend without the holiday', () => {
    expect(tradingDaysBefore('2026-01-20', 3)).toEqual(['2026-01-15', '2026-01-16', '2026-01-20']);
  });
});
