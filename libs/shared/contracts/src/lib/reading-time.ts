/**
 * Reading time, shown on post cards and posts. Words are counted by PostgreSQL as the runs of
 * characters between white space (migration ReadingTime1764630000000): English words, and for
 * Vietnamese its syllables (tiếng), the unit Vietnamese reading speeds are measured in; silent
 * reading of either is about 200 to 250 of them a minute.
 */
export const READING_WORDS_PER_MINUTE = 220;
/** An image is looked at for a while too (Medium counts 12 seconds for the first ones). */
export const READING_SECONDS_PER_IMAGE = 12;

/** Whole minutes, at least 1. */
export function readingMinutes(words: number, images: number): number {
  const seconds = (words / READING_WORDS_PER_MINUTE) * 60 + images * READING_SECONDS_PER_IMAGE;
  return Math.max(1, Math.round(seconds / 60));
}
