import { addDays, lastDays, siteToday } from './stats-range';

describe('the statistics’ range', () => {
  it('counts days in the site’s time zone: 00:30 there is already the next day', () => {
    // 2026-11-26T17:30Z is 00:30 on 27 November in Ho Chi Minh City (+07:00).
    const now = new Date('2026-11-26T17:30:00Z');
    expect(siteToday(now)).toBe('2026-11-27');
    expect(lastDays(7, now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(siteToday(new Date('2026-11-26T16:59:59Z'))).toBe('2026-11-26');
  });

  it('crosses months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(lastDays(90, new Date('2027-01-15T05:00:00Z'))).toEqual({ from: '2026-10-18', to: '2027-01-15' });
  });
});
