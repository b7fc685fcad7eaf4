import {
  shareableSeconds,
  articleWindow,
  dateColumn,
  fromDateColumn,
  isMarketDate,
  isWeekday,
  longDate,
  marketDate,
  weekdayPattern,
  zonedTime,
} from './market-date';

describe('market dates', () => {
  it('takes the calendar date of the market, not of UTC', () => {
    // 03:30 UTC on the 21st is still the evening of the 20th in New York.
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(marketDate(instant, 'America/New_York')).toBe('2026-11-20');
    expect(marketDate(instant, 'UTC')).toBe('2026-11-21');
    expect(marketDate(instant, 'Asia/Tokyo')).toBe('2026-11-21');
  });

  it('follows daylight saving time', () => {
    // 04:30 UTC is 00:30 EDT in July but 23:30 EST the day before in January.
    expect(marketDate(new Date('2026-07-10T04:30:00Z'), 'America/New_York')).toBe('2026-07-10');
    expect(marketDate(new Date('2026-01-10T04:30:00Z'), 'America/New_York')).toBe('2026-01-09');
  });

  it('accepts only real dates', () => {
    expect(isMarketDate('2026-11-20')).toBe(true);
    expect(isMarketDate('2026-02-30')).toBe(false);
    expect(isMarketDate('20261120')).toBe(false);
  });

  it('round-trips the DATE column form', () => {
    expect(fromDateColumn(dateColumn('2026-11-20'))).toBe('2026-11-20');
  });

  it('builds the window before the end instant', () => {
    const until = new Date('2026-11-20T13:30:00Z');
    expect(articleWindow(until, 24)).toEqual({ since: new Date('2026-11-19T13:30:00Z'), until });
  });

  it('writes a weekday cron pattern and a readable date', () => {
    expect(weekdayPattern('08:30')).toBe('30 8 * * 1-5');
    expect(weekdayPattern('16:05')).toBe('5 16 * * 1-5');
    expect(longDate('2026-11-20')).toBe('Friday, November 20, 2026');
  });

  it('lets a shared cache keep today’s item only while today lasts', () => {
    const zone = 'America/New_York';
    // 12:00 in New York.
    expect(shareableSeconds(new Date('2026-11-23T17:00:00Z'), 30, zone)).toBe(30);
    // 23:59:45 in New York: the address names tomorrow's item in 15 s.
    expect(shareableSeconds(new Date('2026-11-24T04:59:45Z'), 30, zone)).toBe(0);
    expect(shareableSeconds(new Date('2026-11-24T04:59:29Z'), 30, zone)).toBe(30);
    expect(shareableSeconds(new Date('2026-11-23T17:00:00Z'), 0, zone)).toBe(0);
  });
});

describe('market clock times', () => {
  it('finds the instant a wall-clock time is reached in the zone, across daylight saving', () => {
    // New York: UTC−5 in winter, UTC−4 in summer.
    expect(zonedTime('2026-11-25', '10:00', 'America/New_York').toISOString()).toBe(
      '2026-11-25T15:00:00.000Z',
    );
    expect(zonedTime('2026-07-01', '10:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    // The days the clocks change.
    expect(zonedTime('2026-03-08', '10:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T14:00:00.000Z',
    );
    expect(zonedTime('2026-11-01', '10:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T15:00:00.000Z',
    );
    expect(zonedTime('2026-11-25', '00:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-11-24T15:00:00.000Z',
    );
    expect(zonedTime('2026-11-25', '23:59', 'UTC').toISOString()).toBe('2026-11-25T23:59:00.000Z');
  });

  it('tells weekdays from weekends', () => {
    expect(['2026-11-23', '2026-11-27', '2026-11-28', '2026-11-29'].map(isWeekday)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
