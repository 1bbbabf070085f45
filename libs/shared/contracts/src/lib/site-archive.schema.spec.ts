import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  archiveCommentSchema,
  archiveRestoreReportSchema,
  siteArchiveJsonSchema,
  siteArchiveSchema,
  SITE_ARCHIVE_HEADER_KEYS,
  SITE_ARCHIVE_SECTIONS,
  SITE_ARCHIVE_VERSION,
} from './site-archive.schema';

const COMMITTED = join(__dirname, '../../../../../docs/site-archive.schema.json');

const minimal = {
  format: 'blog-site-archive',
  version: 1,
  exported_at: '2026-11-25T10:00:00.000Z',
  site_url: 'http://blog.test',
  categories: [],
  posts: [],
  slug_history: [],
  about: [],
  general_info: [],
  uploads: [],
};

describe('the site archive schema', () => {
  it('is committed as docs/site-archive.schema.json exactly as generated (run `npm run archive-schema`)', () => {
    expect(JSON.parse(readFileSync(COMMITTED, 'utf8'))).toEqual(siteArchiveJsonSchema());
  });

  it('lists every key of site.json once, header then lists', () => {
    expect([...SITE_ARCHIVE_HEADER_KEYS, ...SITE_ARCHIVE_SECTIONS].sort()).toEqual(
      Object.keys(siteArchiveSchema.shape).sort(),
    );
  });

  it('reads the current version and every older one', () => {
    expect(SITE_ARCHIVE_VERSION).toBe(6);
    for (const version of [1, 2, 3, 4, 5, 6])
      expect(siteArchiveSchema.safeParse({ ...minimal, version }).success).toBe(true);
  });

  it('takes a minimal archive; refuses another format, another version and unknown keys, naming them', () => {
    expect(siteArchiveSchema.safeParse(minimal).success).toBe(true);
    const pathsOf = (value: unknown) =>
      siteArchiveSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.') || issue.message);
    expect(pathsOf({ ...minimal, format: 'wordpress' })).toEqual(['format']);
    expect(pathsOf({ ...minimal, version: 7 })).toEqual(['version']);
    expect(pathsOf({ ...minimal, version: 0 })).toEqual(['version']);
    expect(siteArchiveSchema.safeParse({ ...minimal, users: [] }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['users'],
    });
  });

  it('takes subscribers with their consent and suppressions by hash, naming what is wrong', () => {
    const subscriber = {
      email: 'lan@example.com',
      name: 'Lan',
      state: 'confirmed',
      topics: ['travel'],
      digest: false,
      consent_source: 'form',
      consent_at: '2026-11-01T10:00:00.000Z',
      consent_note: '',
      confirmed_at: '2026-11-01T10:05:00.000Z',
      digest_sent_at: null,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:05:00.000Z',
    };
    const suppression = {
      email_hash: 'a'.repeat(64),
      email_hint: 'l•••@example.com',
      reason: 'hard_bounce',
      detail: '550 5.1.1 no such user',
      confirmed_at: null,
      created_at: '2026-11-02T10:00:00.000Z',
    };
    const archive = { ...minimal, version: 3, subscribers: [subscriber], suppressions: [suppression] };
    expect(siteArchiveSchema.safeParse(archive).success).toBe(true);
    const pathsOf = (value: unknown) =>
      siteArchiveSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));
    expect(
      pathsOf({
        ...archive,
        subscribers: [{ ...subscriber, email: 'not an address', state: 'suppressed' }],
        suppressions: [{ ...suppression, email_hash: 'lan@example.com', reason: 'bored' }],
      }),
    ).toEqual(['subscribers.0.email', 'subscribers.0.state', 'suppressions.0.email_hash', 'suppressions.0.reason']);
  });

  it('has no place for users, passwords, sessions, secrets or tokens', () => {
    const text = JSON.stringify(siteArchiveJsonSchema()).toLowerCase();
    for (const word of ['user', 'password', 'session', 'secret', 'token', 'two_factor', 'recovery']) {
      expect(text).not.toContain(word);
    }
  });

  it('takes comments by the archive ids of their post and parent, never a token or hash, naming what is wrong', () => {
    const comment = {
      id: 1,
      post_id: 2,
      parent_id: null,
      author_name: 'Lan',
      author_email: 'lan@example.com',
      author_url: 'https://lan.example',
      body: 'Cảm ơn!',
      state: 'approved',
      by_owner: false,
      notify_replies: true,
      approved_at: '2026-11-01T10:05:00.000Z',
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:05:00.000Z',
    };
    const pathsOf = (value: unknown) =>
      siteArchiveSchema
        .safeParse({ ...minimal, version: 4, comments: [value] })
        .error?.issues.map((issue) => issue.path.join('.'));
    expect(pathsOf(comment)).toBeUndefined();
    expect(pathsOf({ ...comment, state: 'deleted' })).toEqual(['comments.0.state']);
    expect(pathsOf({ ...comment, author_url: 'javascript:alert(1)' })).toEqual(['comments.0.author_url']);
    expect(pathsOf({ ...comment, body: 'x'.repeat(5001) })).toEqual(['comments.0.body']);
    expect(Object.keys(archiveCommentSchema.shape)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/token|hash|user_agent/)]),
    );
  });

  it('describes the restore report', () => {
    const counts = {
      categories: 0,
      posts: 0,
      projects: 0,
      services: 0,
      testimonials: 0,
      slug_history: 0,
      comments: 0,
      redirects: 0,
      about: 0,
      general_info: 0,
      contact_messages: 0,
      subscribers: 0,
      suppressions: 0,
      uploads: 0,
    };
    expect(
      archiveRestoreReportSchema.safeParse({
        mode: 'skip',
        dry_run: true,
        created: counts,
        skipped: counts,
        overwritten: counts,
        items: [{ kind: 'post', slug: 'a', action: 'keep_both', restored_as: 'a-2' }],
        skipped_uploads: [],
        failed: [],
        warnings: [],
      }).success,
    ).toBe(true);
  });
});
