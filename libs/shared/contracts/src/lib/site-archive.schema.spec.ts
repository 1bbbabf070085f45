import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
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
    expect(SITE_ARCHIVE_VERSION).toBe(2);
    for (const version of [1, 2]) expect(siteArchiveSchema.safeParse({ ...minimal, version }).success).toBe(true);
  });

  it('takes a minimal archive; refuses another format, another version and unknown keys, naming them', () => {
    expect(siteArchiveSchema.safeParse(minimal).success).toBe(true);
    const pathsOf = (value: unknown) =>
      siteArchiveSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.') || issue.message);
    expect(pathsOf({ ...minimal, format: 'wordpress' })).toEqual(['format']);
    expect(pathsOf({ ...minimal, version: 3 })).toEqual(['version']);
    expect(pathsOf({ ...minimal, version: 0 })).toEqual(['version']);
    expect(siteArchiveSchema.safeParse({ ...minimal, users: [] }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['users'],
    });
  });

  it('has no place for users, passwords, sessions, secrets or tokens', () => {
    const text = JSON.stringify(siteArchiveJsonSchema()).toLowerCase();
    for (const word of ['user', 'password', 'session', 'secret', 'token', 'two_factor', 'recovery']) {
      expect(text).not.toContain(word);
    }
  });

  it('describes the restore report', () => {
    const counts = {
      categories: 0,
      posts: 0,
      projects: 0,
      services: 0,
      testimonials: 0,
      slug_history: 0,
      redirects: 0,
      about: 0,
      general_info: 0,
      contact_messages: 0,
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
