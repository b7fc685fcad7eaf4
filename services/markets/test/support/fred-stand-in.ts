import type { Bar } from '@probedge/proto';
import { startStandIn, type Answer, type RecordedRequest, type StandIn } from './stand-in-server';

export const FRED_STAND_IN_KEY = 'fredstandinkey0000000000000000000';

export type FredStandIn = StandIn;

export interface StandInObservation {
  date: string;
  /** As FRED sends it: a number as text, or "." for a day without an observation. */
  value: string;
}

/** New Year's Day and Martin Luther King Jr. Day: "." in every daily series. */
const HOLIDAYS = new Set(['2024-01-01', '2024-01-15']);

/** Every weekday of January 2024, as FRED lists a daily series (holidays included, valued "."). */
function weekdays(): string[] {
  const days: string[] = [];
  for (let day = 1; day <= 31; day += 1) {
    const date = new Date(Date.UTC(2024, 0, day));
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6)
      days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

function series(base: number, step: number, notYet: readonly string[] = []): StandInObservation[] {
  return weekdays().map((date, index) => ({
    date,
    value:
      HOLIDAYS.has(date) || notYet.includes(date)
        ? '.'
        : (base + step * index + ((index * 3) % 4) * step).toFixed(2),
  }));
}

/**
 * The series the stand-in has: some of the adapter's list (DGS3MO, DGS30 and NASDAQCOM are not here,
 * so asking for them meets FRED's "series does not exist"). DGS10's last day has no value yet.
 */
export const FRED_STAND_IN_SERIES: Readonly<Record<string, readonly StandInObservation[]>> = {
  DGS10: series(3.95, 0.01, ['2024-01-31']),
  DGS2: series(4.33, -0.01),
  SP500: series(4742.83, 6.5),
  VIXCLS: series(13.2, 0.05),
};

/** The observations of a series with a value, oldest first. */
export function valuedObservations(id: string): { date: string; value: number }[] {
  return (FRED_STAND_IN_SERIES[id] ?? [])
    .filter((observation) => observation.value !== '.')
    .map((observation) => ({ date: observation.date, value: Number(observation.value) }));
}

/** A series' daily bars from `from` to `to` as the adapter should map them. */
export function fredBars(id: string, from: string, to: string): Bar[] {
  return valuedObservations(id)
    .filter(({ date }) => date >= from && date <= to)
    .map(({ date, value }) => ({
      date,
      open: value,
      high: value,
      low: value,
      close: value,
      volume: null,
    }));
}

/** A series' latest value against the one before, and the day of the latest. */
export function fredQuoteOf(id: string) {
  const valued = valuedObservations(id);
  const last = valued[valued.length - 1];
  const previous = valued[valued.length - 2];
  const change = last.value - previous.value;
  return {
    date: last.date,
    price: last.value,
    change,
    percentChange: (change / previous.value) * 100,
  };
}

/**
 * A local FRED (api.stlouisfed.org/fred) answering /series/observations in its documented JSON
 * shape: observations as text values, "." for a day without one, sort_order and limit honoured.
 * Like FRED it takes the key only as the api_key parameter and answers a missing or unknown key,
 * and a series it does not have, with 400 and {error_code, error_message}.
 */
export function startFredStandIn(options: { apiKey?: string } = {}): Promise<FredStandIn> {
  const apiKey = options.apiKey ?? FRED_STAND_IN_KEY;
  return startStandIn({
    basePath: '/fred',
    apiKey,
    faults: {
      rateLimited: failure(429, 'Too Many Requests.  Exceeded Rate Limit'),
      failing: failure(500, 'Internal Server Error'),
    },
    answer: (request) => answer(request, apiKey),
  });
}

const failure = (code: number, message: string) => ({ error_code: code, error_message: message });

const badRequest = (message: string): Answer => ({
  status: 400,
  body: failure(400, `Bad Request.  ${message}`),
});

function answer(request: RecordedRequest, apiKey: string): Answer {
  const key = request.query.get('api_key');
  if (key === null) return badRequest('Variable api_key has not been set.');
  if (key !== apiKey) {
    return badRequest(
      'The value for variable api_key is not registered.  Read https://fred.stlouisfed.org/docs/api/api_key.html for more information.',
    );
  }
  if (request.query.get('file_type') !== 'json') {
    // FRED's default is XML, which the adapter never asks for.
    return { status: 200, body: '<?xml version="1.0" encoding="utf-8" ?><observations/>' };
  }
  if (request.path !== '/series/observations') {
    return { status: 404, body: failure(404, 'Not Found') };
  }
  const id = request.query.get('series_id') ?? '';
  const observations = FRED_STAND_IN_SERIES[id];
  if (!observations) return badRequest('The series does not exist.');
  const start = request.query.get('observation_start') ?? '1776-07-04';
  const end = request.query.get('observation_end') ?? '9999-12-31';
  const order = request.query.get('sort_order') ?? 'asc';
  const limit = Number(request.query.get('limit') ?? '100000');
  const inRange = observations.filter(({ date }) => date >= start && date <= end);
  const ordered = order === 'desc' ? [...inRange].reverse() : inRange;
  const page = ordered.slice(0, limit);
  return {
    status: 200,
    body: {
      realtime_start: '2024-02-01',
      realtime_end: '2024-02-01',
      observation_start: start,
      observation_end: end,
      units: 'lin',
      output_type: 1,
      file_type: 'json',
      order_by: 'observation_date',
      sort_order: order,
      count: inRange.length,
      offset: 0,
      limit,
      observations: page.map(({ date, value }) => ({
        realtime_start: '2024-02-01',
        realtime_end: '2024-02-01',
        date,
        value,
      })),
    },
  };
}
