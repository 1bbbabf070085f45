import express from 'express';
import request from 'supertest';
import {
  COMMENT_FORM_ACTION,
  COMMENT_SETTINGS_DEFAULTS,
  POST_STATUS,
  type CommentSettings,
  type CommentSubmitInput,
} from '@blog/contracts';
import { DomainEvents, type DomainEvent } from '@blog/api/core';
import { clearRateLimits, createCategory, createPost, type TestAppContext } from '@blog/api/testing';
import { commentFormRoute } from '../submitting/comment-form.route';
import { CommentsService } from '../submitting/comments.service';

const MINUTE_MS = 60_000;

/**
 * The set-up of the comment specs: two published posts and a hidden one, a published project (10 days
 * old, as the posts) and a hidden one, the domain events recorded,
 * and before each test no comment, no spam mark, no rate-limit count and the default settings.
 * `submit` writes a comment as a reader would a minute after the page came (a valid stamp), its rate
 * limits forgotten first, so a test may write many, and expects `status`; `rendered_at: undefined` sends none.
 */
export function useCommentsFixture(t: TestAppContext) {
  const fixture = {
    posts: { lesson: 0, travel: 0, hidden: 0 },
    slugs: { lesson: 'lesson-one', travel: 'travel-story', hidden: 'hidden-draft' },
    projects: { homestay: 0, hidden: 0 },
    projectSlugs: { homestay: 'homestay-booking', hidden: 'hidden-project' },
    events: [] as DomainEvent[],
    sql: <T = unknown>(query: string, params: unknown[] = []) => t.database.dataSource.query<T>(query, params),
    http: () => request(t.app.getHttpServer()),
    /** The HTML form's `POST /comments`, to its route over the app's service (mounted after the body parsers). */
    form: () =>
      request(
        express()
          .use(express.urlencoded({ extended: false }))
          .use(commentFormRoute(t.app.get(CommentsService))),
      )
        .post(COMMENT_FORM_ACTION)
        .type('form'),
    stamp: (agoMs = MINUTE_MS) => t.app.get(CommentsService).signing.stamp(Date.now() - agoMs),
    async submit(fields: Partial<CommentSubmitInput> & Record<string, unknown> = {}, status = 200) {
      await clearRateLimits(t.database);
      return fixture.http().post('/api/comments').send(fixture.comment(fields)).expect(status);
    },
    /** A reader's comment under the lesson, with the page's stamp of a minute ago. */
    comment: (fields: Partial<CommentSubmitInput> & Record<string, unknown> = {}) => ({
      post_id: fixture.posts.lesson,
      author_name: 'Lan',
      author_email: 'lan@example.com',
      body: 'Is "đi" here the same verb as in the first lesson?',
      rendered_at: fixture.stamp(),
      ...fields,
    }),
    async settings(changes: Partial<CommentSettings>) {
      const values = { ...COMMENT_SETTINGS_DEFAULTS, ...changes };
      const columns = Object.keys(values);
      await fixture.sql(
        `UPDATE general_info SET ${columns.map((column, index) => `${column} = $${index + 1}`).join(', ')}`,
        Object.values(values),
      );
    },
    /** A comment's row as stored. */
    async stored(id: number) {
      const [row] = await fixture.sql<Array<Record<string, unknown>>>(`SELECT * FROM comments WHERE id = $1`, [id]);
      return row;
    },
  };

  beforeAll(async () => {
    const category = await createCategory(t.database);
    const published = new Date(Date.now() - 10 * 24 * 60 * MINUTE_MS);
    const lesson = await createPost(t.database, category, { slug: fixture.slugs.lesson, published_at: published });
    const travel = await createPost(t.database, category, { slug: fixture.slugs.travel, published_at: published });
    const hidden = await createPost(t.database, category, { slug: fixture.slugs.hidden, status: POST_STATUS.hidden });
    Object.assign(fixture.posts, { lesson: lesson.id, travel: travel.id, hidden: hidden.id });
    const [homestay, hiddenProject] = await fixture.sql<Array<{ id: number }>>(
      `INSERT INTO projects (title, slug, year_from, published_at, status)
       VALUES ('Homestay booking', $1, 2025, $3, ${POST_STATUS.visible}), ('Hidden', $2, 2025, $3, ${POST_STATUS.hidden})
       RETURNING id`,
      [fixture.projectSlugs.homestay, fixture.projectSlugs.hidden, published],
    );
    Object.assign(fixture.projects, { homestay: homestay.id, hidden: hiddenProject.id });
    await fixture.sql(`INSERT INTO general_info (site_name) VALUES ('Lan học tiếng Việt')`);
    t.app.get(DomainEvents).subscribe(async (event) => void fixture.events.push(event));
  });

  beforeEach(async () => {
    await fixture.sql(`TRUNCATE comments, comment_mails, comment_spam_marks`);
    await fixture.sql(`UPDATE posts SET comments_open = true`);
    await fixture.sql(`UPDATE projects SET comments_open = true`);
    await fixture.settings({});
    await clearRateLimits(t.database);
    fixture.events.length = 0;
  });

  return fixture;
}
