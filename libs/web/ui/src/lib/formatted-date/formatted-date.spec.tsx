import { render, screen } from '@testing-library/react';
import { FormattedDate } from './formatted-date';
import { formatPostDate } from './format-date';

describe('formatPostDate', () => {
  it('writes the month in full and the day on two digits', () => {
    expect(formatPostDate('2025-01-05T03:00:00.000Z')).toBe('January 05, 2025');
    expect(formatPostDate('2024-12-25T10:00:00.000Z')).toBe('December 25, 2024');
  });

  it('dates an instant as it falls in Vietnam (UTC+7), whatever the runtime zone', () => {
    expect(formatPostDate('2025-01-04T16:59:59.000Z')).toBe('January 04, 2025');
    expect(formatPostDate('2025-01-04T17:00:00.000Z')).toBe('January 05, 2025');
  });

  it('answers an empty string for something that is not a date', () => {
    expect(formatPostDate('soon')).toBe('');
  });
});

describe('FormattedDate', () => {
  it('is a <time> carrying the ISO date', () => {
    render(<FormattedDate iso="2025-01-05T03:00:00.000Z" />);
    expect(screen.getByText('January 05, 2025').tagName).toBe('TIME');
    expect(screen.getByText('January 05, 2025')).toHaveAttribute('datetime', '2025-01-05T03:00:00.000Z');
  });
});

describe('formatPostDate in another locale', () => {
  it('writes the date as Vietnamese readers do, in the site’s time zone', () => {
    expect(formatPostDate('2026-11-25T03:00:00.000Z', 'vi-VN')).toBe('25 tháng 11, 2026');
    expect(formatPostDate('2025-01-04T17:00:00.000Z', 'vi-VN')).toBe('5 tháng 1, 2025');
  });
});
