import {
  searchInputSchema,
  slugInputSchema,
  contactMessageInputSchema,
  CONTACT_LIMITS,
  idSchema,
  pageCount,
  pageSchema,
  postInputSchema,
  postSlugSchema,
  POSTS_PAGE_SIZE,
  RESERVED_POST_SLUGS,
  slugSchema,
  toFieldErrors,
  uploadUrl,
} from '../index';

describe('pageSchema', () => {
  it('reads a path segment as a number', () => {
    expect(pageSchema.parse('2')).toBe(2);
    expect(pageSchema.parse(1)).toBe(1);
  });

  it.each(['0', '-1', '1.5', 'x', ''])('rejects %p', (value) => {
    expect(pageSchema.safeParse(value).success).toBe(false);
  });
});

describe('idSchema', () => {
  it('accepts a positive whole number and rejects the rest', () => {
    expect(idSchema.parse('7')).toBe(7);
    for (const value of ['0', 'abc', '2.5', '2147483648']) expect(idSchema.safeParse(value).success).toBe(false);
  });
});

describe('contactMessageInputSchema', () => {
  const valid = { name: 'An', email: 'an@example.com', phone: '0901', message: 'Hello' };
  // A message sent without an inquiry's fields names no source page.
  const parsed = { ...valid, from: null };

  it('trims every field', () => {
    expect(
      contactMessageInputSchema.parse({
        name: '  An ',
        email: ' an@example.com ',
        phone: ' 0901 ',
        message: '\tHello\n',
      }),
    ).toEqual(parsed);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
  ])('makes a %s phone an empty string', (_case, phone) => {
    const input: Record<string, unknown> = { ...valid, phone };
    if (phone === undefined) delete input['phone'];
    expect('phone' in input).toBe(phone !== undefined);
    expect(contactMessageInputSchema.parse(input)).toEqual({ ...parsed, phone: '' });
  });

  it('rejects a bad e-mail address naming the field email', () => {
    const result = contactMessageInputSchema.safeParse({ ...valid, email: 'an@' });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error?.issues ?? []).map((error) => error.field)).toEqual(['email']);
  });

  it('requires name, email and message, naming each', () => {
    const result = contactMessageInputSchema.safeParse({ phone: '0901' });
    expect(result.success).toBe(false);
    expect(
      toFieldErrors(result.error?.issues ?? [])
        .map((error) => error.field)
        .sort(),
    ).toEqual(['email', 'message', 'name']);
  });

  it('rejects blank required fields', () => {
    const result = contactMessageInputSchema.safeParse({ name: '  ', email: ' ', message: '\n' });
    expect(result.success).toBe(false);
    expect(new Set(toFieldErrors(result.error?.issues ?? []).map((error) => error.field))).toEqual(
      new Set(['name', 'email', 'message']),
    );
  });

  it('caps the message at CONTACT_LIMITS.message characters', () => {
    expect(contactMessageInputSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message) }).success).toBe(
      true,
    );
    const tooLong = contactMessageInputSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) });
    expect(tooLong.success).toBe(false);
    expect(toFieldErrors(tooLong.error?.issues ?? []).map((error) => error.field)).toEqual(['message']);
  });
});

describe('slug and search parameters', () => {
  it('refuse a NUL character (PostgreSQL text cannot hold it) and take any other text', () => {
    expect(slugInputSchema.safeParse({ slug: 'a\u0000b' }).error?.issues[0]).toMatchObject({
      path: ['slug'],
      message: 'must not contain a NUL character',
    });
    expect(searchInputSchema.safeParse({ term: '\u0000' }).success).toBe(false);
    expect(slugInputSchema.parse({ slug: ' hà-giang ' })).toEqual({ slug: 'hà-giang' });
    expect(searchInputSchema.parse({ term: 'tiếng anh' })).toEqual({ term: 'tiếng anh' });
  });
});

describe('uploadUrl', () => {
  it('answers null without a file name', () => {
    expect(uploadUrl(null)).toBeNull();
    expect(uploadUrl(undefined)).toBeNull();
    expect(uploadUrl('')).toBeNull();
  });

  it('answers the encoded path under /uploads', () => {
    expect(uploadUrl('a b.png')).toBe('/uploads/a%20b.png');
    expect(uploadUrl('logo.png')).toBe('/uploads/logo.png');
    expect(uploadUrl('../secret')).toBe('/uploads/..%2Fsecret');
  });
});

describe('pageCount', () => {
  it('is ceil(total / 6) and never below 1', () => {
    expect(POSTS_PAGE_SIZE).toBe(6);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(12)).toBe(2);
    expect(pageCount(13)).toBe(3);
    expect(pageCount(10, 5)).toBe(2);
  });
});

describe('toFieldErrors', () => {
  it('joins each issue path with dots and keeps its message', () => {
    expect(
      toFieldErrors([
        { path: ['email'], message: 'Email must be a valid e-mail address' },
        { path: ['items', 0, 'name'], message: 'is required' },
      ]),
    ).toEqual([
      { field: 'email', message: 'Email must be a valid e-mail address' },
      { field: 'items.0.name', message: 'is required' },
    ]);
  });

  it('names an issue about the whole input "(input)"', () => {
    expect(toFieldErrors([{ path: [], message: 'Expected object' }])).toEqual([
      { field: '(input)', message: 'Expected object' },
    ]);
  });

  it('answers an empty list for no issues', () => {
    expect(toFieldErrors([])).toEqual([]);
  });
});

describe('postSlugSchema', () => {
  const messagesOf = (value: unknown) => {
    const result = postSlugSchema.safeParse(value);
    return result.success ? [] : toFieldErrors(result.error.issues).map((error) => error.message);
  };

  it.each([
    'posts',
    'about',
    'contact',
    'search',
    'category',
    'admin',
    'login',
    'request-password',
    'reset-password',
    'api',
    'trpc',
    'uploads',
    'assets',
    'portfolio',
    'services',
  ])('refuses the reserved slug %p with one message, after trimming', (slug) => {
    expect(messagesOf(slug)).toEqual([expect.stringContaining('page of the site')]);
    expect(messagesOf(`  ${slug} `)).toHaveLength(1);
    // Categories live under /category/: the same slug is theirs to take.
    expect(slugSchema.safeParse(slug).success).toBe(true);
  });

  it('lists the root files too, which the slug pattern refuses anyway with its own single message', () => {
    expect(RESERVED_POST_SLUGS).toEqual(
      expect.arrayContaining(['rss.xml', 'sitemap.xml', 'robots.txt', 'favicon.ico']),
    );
    expect(messagesOf('rss.xml')).toEqual(['Slug may contain only a-z, 0-9 and single hyphens']);
  });

  it('accepts slugs that merely start with a reserved word', () => {
    for (const slug of ['about-me', 'search-engine-optimization', 'admin-tips', 'posts-2025']) {
      expect(postSlugSchema.parse(slug)).toBe(slug);
    }
  });

  it('is the slug rule of postInputSchema, naming the field slug', () => {
    const result = postInputSchema.safeParse({ category_id: 1, title: 'About', slug: 'about' });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error?.issues ?? []).map((error) => error.field)).toEqual(['slug']);
  });
});

describe('postInputSchema category_id', () => {
  it('says a category is required, whatever the missing choice looks like, and converts the digits a select sends', () => {
    for (const category_id of ['', '  ', 'abc', undefined, null, 0]) {
      const result = postInputSchema.safeParse({ category_id, title: 'Đà Lạt', slug: 'da-lat' });
      expect(toFieldErrors(result.error?.issues ?? [])).toEqual([
        { field: 'category_id', message: 'Category is required' },
      ]);
    }
    expect(postInputSchema.parse({ category_id: '7', title: 'Đà Lạt', slug: 'da-lat' }).category_id).toBe(7);
  });
});
