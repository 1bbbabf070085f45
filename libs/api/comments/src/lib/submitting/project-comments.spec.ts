import { projectPath } from '@blog/contracts';
import { commentsOfPost, commentsOfProject } from '@blog/api/data';
import { eventually, recordContentChanges, trpcHttp, useTestApp } from '@blog/api/testing';
import { CommentsModule } from '../comments.module';
import { useCommentsFixture } from '../testing/comments-fixture';
import { CommentsRouter } from './comments.router';

const commentsTrpc = trpcHttp<CommentsRouter['router']>('comments');

describe("comments under the portfolio's projects", () => {
  const t = useTestApp([CommentsModule], {
    trpc: (nest) => ({ comments: nest.get(CommentsRouter).router }),
    signIn: true,
  });
  const { submit, sql, http, form, stamp, settings, posts, projects, projectSlugs, slugs } = useCommentsFixture(t);
  /** A submission under the homestay project instead of the fixture's post. */
  const underProject = () => ({ post_id: undefined, project_id: projects.homestay });
  /** The homestay project's thread (REST). */
  const thread = async () => (await http().get(`/api/projects/${projectSlugs.homestay}/comments`).expect(200)).body;

  it('takes a comment under a project, moderated as a post’s, and lists the thread on REST and tRPC', async () => {
    const held = (await submit(underProject())).body;
    expect(held).toMatchObject({
      state: 'pending',
      slug: projectSlugs.homestay,
      path: projectPath(projectSlugs.homestay),
    });
    expect(await thread()).toMatchObject({ comments: [], count: 0, open: true });
    const mine = await http().get('/api/comments/held').query({ token: held.token }).expect(200);
    expect(mine.body).toMatchObject({ id: held.id, post_id: null, project_id: projects.homestay });

    await sql(`UPDATE comments SET state = 'approved', approved_at = now() WHERE id = $1`, [held.id]);
    // Trusted now: the next one is shown at once, as under a post.
    const shown = (await submit({ ...underProject(), body: 'And the prices?' })).body;
    expect(shown.state).toBe('approved');
    const rest = await thread();
    expect(rest).toMatchObject({ count: 2, comments: [{ id: held.id }, { id: shown.id }] });
    const trpc = (
      await commentsTrpc.query(t.anonymous, 'list', { slug: projectSlugs.homestay, subject: 'project' }).expect(200)
    ).body.result.data;
    expect({ ...trpc, rendered_at: '' }).toEqual({ ...rest, rendered_at: '' });
    // The post's thread is its own; its input answers as before.
    expect(
      (await commentsTrpc.query(t.anonymous, 'list', { slug: slugs.lesson }).expect(200)).body.result.data,
    ).toMatchObject({ count: 0 });
    await http().get(`/api/projects/${projectSlugs.hidden}/comments`).expect(404);
    await http().get(`/api/projects/${slugs.lesson}/comments`).expect(404);

    // The owner's list names the project as the comment's subject.
    const listed = (await t.admin.get('/api/comments').expect(200)).body.comments;
    expect(listed[0]).toMatchObject({
      post: null,
      project: { id: projects.homestay, slug: projectSlugs.homestay, title: 'Homestay booking' },
    });
  });

  it("reads the thread of the project of that slug in the language asked (lang), the default's without it", async () => {
    const [vi] = (await sql(
      `INSERT INTO projects (title, slug, year_from, language, published_at) VALUES ('Đặt phòng', $1, 2024, 'vi', now()) RETURNING id`,
      [projectSlugs.homestay],
    )) as Array<{ id: number }>;
    await sql(
      `INSERT INTO comments (project_id, author_name, author_email, body, state) VALUES ($1, 'Lan', 'lan@example.com', 'Đẹp quá', 'approved')`,
      [vi.id],
    );
    const bodiesOf = (shown: { comments: Array<{ body: string }> }) => shown.comments.map((comment) => comment.body);
    const rest = (await http().get(`/api/projects/${projectSlugs.homestay}/comments?lang=vi`).expect(200)).body;
    expect(bodiesOf(rest)).toEqual(['Đẹp quá']);
    const trpc = await commentsTrpc
      .query(t.anonymous, 'list', { slug: projectSlugs.homestay, subject: 'project', lang: 'vi' })
      .expect(200);
    expect(bodiesOf(trpc.body.result.data)).toEqual(['Đẹp quá']);
    expect(bodiesOf(await thread())).not.toContain('Đẹp quá');
    await sql(`DELETE FROM projects WHERE id = $1`, [vi.id]);
  });

  it('answers 400 naming post_id unless the submission names one subject, and 404 naming project_id for a hidden project', async () => {
    for (const fields of [{ project_id: projects.homestay }, { post_id: undefined }]) {
      const refused = await submit(fields, 400);
      expect(refused.body.errors).toEqual([{ field: 'post_id', message: expect.stringContaining('project_id') }]);
    }
    const hidden = await submit({ ...underProject(), project_id: projects.hidden }, 404);
    expect(hidden.body.errors).toEqual([{ field: 'project_id', message: 'is no published project' }]);
    expect(await sql(`SELECT id FROM comments`)).toEqual([]);
  });

  it.each([
    [
      'on the project',
      async () => void (await sql(`UPDATE projects SET comments_open = false WHERE id = $1`, [projects.homestay])),
      'Comments are closed on this project',
    ],
    ['site-wide', async () => settings({ comments_enabled: false }), 'Comments are closed on this site'],
    [
      'N days after its publication (10 days ago)',
      async () => settings({ comments_close_after_days: 7 }),
      'Comments close 7 days after a project is published',
    ],
  ])('refuses a comment with 403 when comments are closed %s, and the thread says so', async (_case, close, reason) => {
    await close();
    expect((await submit(underProject(), 403)).body.message).toBe(reason);
    expect(await thread()).toMatchObject({ open: false, closed_reason: reason });
  });

  it('refuses with 400 naming parent_id a reply to a comment under another post or project', async () => {
    const [underPost, underHomestay] = await sql<Array<{ id: number }>>(
      `INSERT INTO comments (post_id, project_id, author_name, author_email, body, state)
       VALUES ($1, NULL, 'An', 'an@example.com', 'On the post', 'approved'),
              (NULL, $2, 'An', 'an@example.com', 'On the project', 'approved') RETURNING id`,
      [posts.lesson, projects.homestay],
    );
    for (const fields of [{ ...underProject(), parent_id: underPost.id }, { parent_id: underHomestay.id }]) {
      const refused = await submit(fields, 400);
      expect(refused.body.errors).toEqual([{ field: 'parent_id', message: expect.any(String) }]);
    }
    await submit({ ...underProject(), parent_id: underHomestay.id });
  });

  it("sends the form's writer back to the project's page, and tells the page cache of that project alone", async () => {
    const fields = (body: string) => ({
      project_id: String(projects.homestay),
      author_name: 'Lan',
      author_email: 'lan@example.com',
      body,
      rendered_at: stamp(),
      from: projectPath(projectSlugs.homestay),
    });
    const held = new URL((await form().send(fields('A question')).expect(303)).headers['location'], 'http://x.invalid');
    expect(held.pathname).toBe(projectPath(projectSlugs.homestay));
    expect(held.searchParams.get('comment')).toBe('held');

    const { tables, stop } = await recordContentChanges(t.database.url);
    try {
      await sql(`UPDATE comments SET state = 'approved', approved_at = now()`);
      await eventually(async () => expect(tables).toContain(commentsOfProject(projects.homestay)));
      const [row] = await sql<Array<{ id: number }>>(`SELECT id FROM comments`);
      const shown = await form().send(fields('Thanks!')).expect(303);
      const [latest] = await sql<Array<{ id: number }>>(`SELECT id FROM comments WHERE id <> $1`, [row.id]);
      expect(shown.headers['location']).toBe(`${projectPath(projectSlugs.homestay)}#comment-${latest.id}`);
      expect(tables).not.toContain(commentsOfPost(projects.homestay));
    } finally {
      await stop();
    }
  });
});
