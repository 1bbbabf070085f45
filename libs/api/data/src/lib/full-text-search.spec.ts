import { toPrefixTsQuery } from './full-text-search';

describe('toPrefixTsQuery', () => {
  it('joins every word with AND and makes the last one a prefix', () => {
    expect(toPrefixTsQuery('Tiếng Anh cơ bản')).toBe('tiếng & anh & cơ & bản:*');
  });

  it('drops everything that is not a letter or a digit, so tsquery syntax cannot be injected', () => {
    expect(toPrefixTsQuery("a:* | !b & (c) 'd'")).toBe('a & b & c & d:*');
  });

  it('answers null when no word is left', () => {
    expect(toPrefixTsQuery(' !? & ')).toBeNull();
  });

  it('composes decomposed accents so they match the stored text', () => {
    expect(toPrefixTsQuery('tie\u0302\u0301ng')).toBe('tiếng:*');
  });
});
