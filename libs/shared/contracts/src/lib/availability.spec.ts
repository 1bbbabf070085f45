import { availabilityChangesAt, availabilityNow, type Availability } from './availability';
import { SITE_TIME_ZONE } from './site';

const booked: Availability = {
  availability: 'booked',
  booked_until: '2026-12-15',
  availability_note: 'Back in January.',
};

describe('availabilityNow', () => {
  it('shows a booking through its last day, in the site time zone (UTC+7)', () => {
    // 23:59 on the 15th in Sài Gòn is 16:59 UTC.
    expect(availabilityNow(booked, new Date('2026-12-15T16:59:59Z'))).toEqual(booked);
    expect(availabilityNow(booked, new Date('2026-12-14T00:00:00Z'))).toEqual(booked);
  });

  it('reads as available, without the booking line, from the next midnight in the site time zone', () => {
    // 00:00 on the 16th in Sài Gòn, still the 15th in UTC.
    expect(availabilityNow(booked, new Date('2026-12-15T17:00:00Z'))).toEqual({
      availability: 'available',
      booked_until: null,
      availability_note: '',
    });
  });

  it('follows the time zone it is given', () => {
    expect(availabilityNow(booked, new Date('2026-12-15T17:00:00Z'), 'UTC')).toEqual(booked);
  });

  it('keeps the line of the other states and never shows a day with them', () => {
    const away: Availability = {
      availability: 'not_taking_work',
      booked_until: '2020-01-01',
      availability_note: 'On leave.',
    };
    expect(availabilityNow(away, new Date())).toEqual({ ...away, booked_until: null });
    const open: Availability = {
      availability: 'available',
      booked_until: null,
      availability_note: 'Two slots in May.',
    };
    expect(availabilityNow(open, new Date())).toEqual(open);
  });
});

describe('availabilityChangesAt', () => {
  it('is the start of the day after the booking, in the site time zone', () => {
    expect(availabilityChangesAt(booked, SITE_TIME_ZONE)).toEqual(new Date('2026-12-15T17:00:00Z'));
    expect(availabilityChangesAt({ ...booked, booked_until: '2026-12-31' })).toEqual(new Date('2026-12-31T17:00:00Z'));
  });

  it('is null when only a save changes what is shown', () => {
    expect(availabilityChangesAt({ ...booked, availability: 'available', booked_until: null })).toBeNull();
  });
});
