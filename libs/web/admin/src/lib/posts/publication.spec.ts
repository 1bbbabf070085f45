import { fromSiteWallTime, toSiteWallTime } from './publication';

describe('scheduled times in the site time zone (Asia/Ho_Chi_Minh, UTC+7), whatever the browser’s', () => {
  it('reads a datetime-local value as the site’s clocks show it', () => {
    expect(fromSiteWallTime('2026-11-25T08:00')).toBe('2026-11-25T08:00:00.000+07:00');
    expect(new Date(fromSiteWallTime('2026-11-25T08:00') ?? '').toISOString()).toBe('2026-11-25T01:00:00.000Z');
    expect(new Date(fromSiteWallTime('2027-01-01T00:00:30') ?? '').toISOString()).toBe('2026-12-31T17:00:30.000Z');
  });

  it('shows an instant as the site’s clocks show it, the other way round', () => {
    expect(toSiteWallTime('2026-11-25T01:00:00.000Z')).toBe('2026-11-25T08:00');
    expect(toSiteWallTime('2026-12-31T17:30:00Z')).toBe('2027-01-01T00:30');
  });

  it('answers null for what is not a date and time', () => {
    expect(fromSiteWallTime('')).toBeNull();
    expect(fromSiteWallTime('2026-11-25')).toBeNull();
    expect(fromSiteWallTime('tomorrow')).toBeNull();
  });
});
