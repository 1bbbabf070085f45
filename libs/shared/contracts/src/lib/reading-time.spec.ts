import { READING_SECONDS_PER_IMAGE, READING_WORDS_PER_MINUTE, readingMinutes } from './reading-time';

describe('readingMinutes', () => {
  it('counts whole minutes of words and images, at least one', () => {
    expect(readingMinutes(0, 0)).toBe(1);
    expect(readingMinutes(READING_WORDS_PER_MINUTE, 0)).toBe(1);
    expect(readingMinutes(READING_WORDS_PER_MINUTE * 7, 0)).toBe(7);
    expect(readingMinutes(READING_WORDS_PER_MINUTE * 2, 60 / READING_SECONDS_PER_IMAGE)).toBe(3);
    // Rounded to the nearest minute.
    expect(readingMinutes(READING_WORDS_PER_MINUTE * 2.4, 0)).toBe(2);
    expect(readingMinutes(READING_WORDS_PER_MINUTE * 2.6, 0)).toBe(3);
  });
});
