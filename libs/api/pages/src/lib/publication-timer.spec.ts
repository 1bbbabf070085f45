import type { Availability } from '@blog/contracts';
import { availabilityDelay } from './publication-timer';

const booked: Availability = { availability: 'booked', booked_until: '2026-12-15', availability_note: '' };
// The booking's end: 00:00 on 16 December in Sài Gòn (UTC+7).
const END = Date.parse('2026-12-15T17:00:00Z');

describe('availabilityDelay', () => {
  it('waits until the start of the day after the booking, in the site time zone', () => {
    expect(availabilityDelay(booked, END - 90_000)).toBe(90_000);
  });

  it('waits for nothing once that moment has passed, or when only a save changes what is shown', () => {
    expect(availabilityDelay(booked, END)).toBeNull();
    expect(availabilityDelay({ ...booked, availability: 'not_taking_work', booked_until: null }, 0)).toBeNull();
    expect(availabilityDelay(undefined, 0)).toBeNull();
  });
});
