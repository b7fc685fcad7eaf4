import { slotJobId, slotStart } from './slot.util';

describe('ingestion slots', () => {
  it('puts every moment of a slot on the same start', () => {
    const first = slotStart(new Date('2026-11-22T05:00:00.000Z'), 300);
    const last = slotStart(new Date('2026-11-22T05:04:59.999Z'), 300);
    expect(first).toEqual(new Date('2026-11-22T05:00:00.000Z'));
    expect(last).toEqual(first);
    expect(slotStart(new Date('2026-11-22T05:05:00.000Z'), 300)).toEqual(
      new Date('2026-11-22T05:05:00.000Z'),
    );
  });

  it('names the job by its slot without colons', () => {
    expect(slotJobId(new Date('2026-11-22T05:05:00.000Z'))).toBe(
      'ingest-slot-2026-11-22T05-05-00-000Z',
    );
  });
});
