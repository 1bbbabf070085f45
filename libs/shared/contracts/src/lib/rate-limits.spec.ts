import { formatWait } from './rate-limits';

describe('formatWait', () => {
  it.each([
    [0, '1 minute'],
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [9 * 60 + 30, '10 minutes'],
    [89 * 60, '89 minutes'],
    [90 * 60, '2 hours'],
    [23 * 3600 + 1, '24 hours'],
  ])('words %i seconds as "%s", rounding up', (seconds, words) => {
    expect(formatWait(seconds)).toBe(words);
  });
});
