import {
  aboutInputSchema,
  adminPostsQuerySchema,
  contactMessageInputSchema,
  idSchema,
  pageSchema,
  INVALID_TEXT_ERRORS,
  invalidTextReason,
  loginInputSchema,
  postInputSchema,
  searchInputSchema,
  slugInputSchema,
  textInput,
  toFieldErrors,
} from '../index';

describe('invalidTextReason', () => {
  it('takes any real text: accents, emoji (surrogate pairs), tab and line breaks', () => {
    for (const text of ['', 'Hà Giang', 'tiếng anh 🇻🇳 😀', 'a\tb\nc\r\nd', '\u007f\u00a0\u2028', '<p>x</p>']) {
      expect(invalidTextReason(text)).toBeUndefined();
    }
  });

  it('refuses NUL, lone surrogates and other C0 control characters, each with its reason', () => {
    expect(invalidTextReason('a\u0000b')).toBe(INVALID_TEXT_ERRORS.nul);
    expect(invalidTextReason('a\uD800')).toBe(INVALID_TEXT_ERRORS.loneSurrogate);
    expect(invalidTextReason('\uDC00b')).toBe(INVALID_TEXT_ERRORS.loneSurrogate);
    expect(invalidTextReason('\uDE00\uD83D')).toBe(INVALID_TEXT_ERRORS.loneSurrogate);
    expect(invalidTextReason(Buffer.from([0x61, 0xff, 0xed, 0xa0, 0x80]).toString('utf8'))).toBe(
      INVALID_TEXT_ERRORS.replacement,
    );
    for (const control of ['\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F']) {
      expect(invalidTextReason(`a${control}b`)).toBe(INVALID_TEXT_ERRORS.control);
    }
  });
});

describe('textInput', () => {
  it('gives one message for invalid text, before the field’s own checks', () => {
    const schema = textInput({ error: 'Name is required' }).trim().min(3, { error: 'too short' });
    expect(schema.safeParse('\u0000').error?.issues.map((issue) => issue.message)).toEqual([INVALID_TEXT_ERRORS.nul]);
    expect(schema.safeParse(5).error?.issues[0].message).toBe('Name is required');
    expect(schema.parse('  abc ')).toBe('abc');
  });
});

describe('the input schemas refuse invalid text in every field, naming it', () => {
  const fieldErrorsOf = (result: { error?: { issues: Parameters<typeof toFieldErrors>[0] } }) =>
    toFieldErrors(result.error?.issues ?? []);

  it('path and query parameters', () => {
    expect(fieldErrorsOf(slugInputSchema.safeParse({ slug: 'a\u0000b' }))).toEqual([
      { field: 'slug', message: INVALID_TEXT_ERRORS.nul },
    ]);
    expect(fieldErrorsOf(searchInputSchema.safeParse({ term: '\uD800' }))).toEqual([
      { field: 'term', message: INVALID_TEXT_ERRORS.loneSurrogate },
    ]);
    expect(fieldErrorsOf(adminPostsQuerySchema.safeParse({ q: 'x\u0000' }))).toEqual([
      { field: 'q', message: INVALID_TEXT_ERRORS.nul },
    ]);
  });

  it('rich HTML, passwords and messages', () => {
    const post = { category_id: 1, title: 'T', slug: 'a-post', content: '<p>a\u0000b</p>' };
    expect(fieldErrorsOf(postInputSchema.safeParse(post))).toEqual([
      { field: 'content', message: INVALID_TEXT_ERRORS.nul },
    ]);
    expect(fieldErrorsOf(aboutInputSchema.safeParse({ content: '<p>\u0007</p>' }))).toEqual([
      { field: 'content', message: INVALID_TEXT_ERRORS.control },
    ]);
    expect(fieldErrorsOf(loginInputSchema.safeParse({ email: 'a@example.com', password: 'pass\u0000word' }))).toEqual([
      { field: 'password', message: INVALID_TEXT_ERRORS.nul },
    ]);
    const message = { name: 'An', email: 'an@example.com', message: 'Hello\u0000' };
    expect(fieldErrorsOf(contactMessageInputSchema.safeParse(message))).toEqual([
      { field: 'message', message: INVALID_TEXT_ERRORS.nul },
    ]);
    expect(contactMessageInputSchema.parse({ ...message, message: 'Line one\r\nLine two\tend' }).message).toBe(
      'Line one\r\nLine two\tend',
    );
  });
});

describe('ids and page numbers', () => {
  it('take a number or its decimal text, and nothing a coercion would turn into one', () => {
    expect(idSchema.parse(7)).toBe(7);
    expect(idSchema.parse(' 7 ')).toBe(7);
    expect(pageSchema.parse('2')).toBe(2);
    for (const value of [true, false, null, [5], ['5'], {}, '', '0x10', 'Infinity', '1\u0000']) {
      expect(idSchema.safeParse(value).error?.issues[0].message).toBe('must be a number');
      expect(pageSchema.safeParse(value).success).toBe(false);
    }
    expect(idSchema.safeParse('1.5').error?.issues[0].message).toBe('must be a whole number');
    expect(idSchema.safeParse('-1').error?.issues[0].message).toBe('must be 1 or more');
    expect(idSchema.safeParse('1e10').error?.issues[0].message).toBe('is too large');
    expect(idSchema.safeParse(Infinity).success).toBe(false);
  });
});
