import { grantsAccess } from './access.util';

const now = new Date('2026-06-01T12:00:00Z');
const later = new Date('2026-06-15T00:00:00Z');
const earlier = new Date('2026-05-15T00:00:00Z');

describe('grantsAccess', () => {
  it.each(['active', 'trialing'])('grants access to a %s subscription', (status) => {
    expect(grantsAccess({ status, currentPeriodEnd: later }, now)).toBe(true);
  });

  it('grants access to past_due only while its period lasts', () => {
    expect(grantsAccess({ status: 'past_due', currentPeriodEnd: later }, now)).toBe(true);
    expect(grantsAccess({ status: 'past_due', currentPeriodEnd: earlier }, now)).toBe(false);
    expect(grantsAccess({ status: 'past_due', currentPeriodEnd: null }, now)).toBe(false);
  });

  it.each(['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])(
    'denies access to a %s subscription',
    (status) => {
      expect(grantsAccess({ status, currentPeriodEnd: later }, now)).toBe(false);
    },
  );
});
