import { createCategory, createPost, trpcHttp, useTestApp } from '@blog/api/testing';
import { CommentsModule } from '../comments.module';
import { useCommentsFixture } from '../testing/comments-fixture';
import { CommentsRouter } from './comments.router';

const commentsTrpc = trpcHttp<CommentsRouter['router']>('comments');

describe('the public doors of comments (REST, tRPC comments.*, the HTML form)', () => {
  const t = useTestApp([CommentsModule], {
    trpc: (nest) => ({ comments: nest.get(CommentsRouter).router }),
    signIn: true,
  });
  const { submit, sql, stored, http, form, slugs, posts, comment } = useCommentsFixture(t);

  it('answers the same thread, submission and held comment on tRPC as on REST', async () => {
    await sql(
      `INSERT INTO comments (post_id, author_name, author_email, body, state) VALUES ($1, 'An', 'an@example.com', 'Shown', 'approved')`,
      [posts.lesson],
    );
    const rest = (await http().get(`/api/posts/${slugs.lesson}/comments`).expect(200)).body;
    const trpc = (await commentsTrpc.query(t.anonymous, 'list', { slug: slugs.lesson }).expect(200)).body.result.data;
    expect({ ...trpc, rendered_at: '' }).toEqual({ ...rest, rendered_at: '' });
    expect(rest.comments).toHaveLength(1);
    await commentsTrpc.query(t.anonymous, 'list', { slug: slugs.hidden }).expect(404);

    const sent = (await commentsTrpc.mutation(t.anonymous, 'submit', comment()).expect(200)).body.result.data;
    expect(sent).toMatchObject({ state: 'pending', slug: slugs.lesson });
    const held = (await commentsTrpc.query(t.anonymous, 'held', { token: sent.token }).expect(200)).body.result.data;
    expect(held).toMatchObject({ id: sent.id, body: comment().body });
    const refused = await commentsTrpc.mutation(t.anonymous, 'submit', comment({ author_email: 'nope' })).expect(400);
    expect(JSON.stringify(refused.body)).toContain('author_email');
  });

  it("reads the thread of the post of that slug in the language asked (lang), the default's without it", async () => {
    const category = await createCategory(t.database, { slug: 'bai-hoc', language: 'vi' });
    const vi = await createPost(t.database, category, { slug: slugs.lesson, language: 'vi' });
    await sql(
      `INSERT INTO comments (post_id, author_name, author_email, body, state) VALUES ($1, 'Lan', 'lan@example.com', 'Hay quá', 'approved')`,
      [vi.id],
    );
    const bodiesOf = (thread: { comments: Array<{ body: string }> }) => thread.comments.map((shown) => shown.body);
    const rest = (await http().get(`/api/posts/${slugs.lesson}/comments?lang=vi`).expect(200)).body;
    expect(bodiesOf(rest)).toEqual(['Hay quá']);
    const trpc = await commentsTrpc.query(t.anonymous, 'list', { slug: slugs.lesson, lang: 'vi' }).expect(200);
    expect(bodiesOf(trpc.body.result.data)).toEqual(['Hay quá']);
    expect(bodiesOf((await http().get(`/api/posts/${slugs.lesson}/comments`).expect(200)).body)).not.toContain(
      'Hay quá',
    );
    await sql(`DELETE FROM posts WHERE id = $1`, [vi.id]);
  });

  it('deletes a post’s comments with it when it is deleted for good', async () => {
    const post = await createPost(t.database, await createCategory(t.database));
    const { body } = await submit({ post_id: post.id });
    await sql(`DELETE FROM posts WHERE id = $1`, [post.id]);
    expect(await stored(body.id)).toBeUndefined();
  });

  describe('the form without JavaScript (POST /comments)', () => {
    const fields = (changes: Record<string, string> = {}) => ({
      post_id: String(posts.lesson),
      parent_id: '',
      author_name: 'Lan',
      author_email: 'lan@example.com',
      author_url: '',
      body: 'A question\nwith two lines',
      rendered_at: comment().rendered_at,
      phone: '',
      from: `/${slugs.lesson}`,
      ...changes,
    });

    it('sends a held comment’s writer back to the post with its token, and a shown one to its anchor', async () => {
      const held = await form().send(fields()).expect(303);
      const location = new URL(held.headers['location'], 'http://site.invalid');
      expect(location.pathname).toBe(`/${slugs.lesson}`);
      expect(location.searchParams.get('comment')).toBe('held');
      const [row] = await sql<Array<{ id: number; body: string }>>(`SELECT id, body FROM comments`);
      expect(location.hash).toBe(`#comment-${row.id}`);
      expect(row.body).toBe('A question\nwith two lines');
      await http()
        .get('/api/comments/held')
        .query({ token: location.searchParams.get('token') })
        .expect(200);

      await sql(`UPDATE comments SET state = 'approved'`);
      const shown = await form()
        .send(fields({ body: 'Thanks!', notify_replies: 'true' }))
        .expect(303);
      const [latest] = await sql<Array<{ id: number; notify_replies: boolean }>>(
        `SELECT id, notify_replies FROM comments ORDER BY id DESC LIMIT 1`,
      );
      expect(shown.headers['location']).toBe(`/${slugs.lesson}#comment-${latest.id}`);
      expect(latest.notify_replies).toBe(true);
    });

    it('sends the writer back to the post in its language: a Vietnamese post of the same slug as an English one', async () => {
      const category = await createCategory(t.database, { slug: 'bai-hoc-form', language: 'vi' });
      const vi = await createPost(t.database, category, { slug: slugs.lesson, language: 'vi' });
      const held = await form()
        .send(fields({ post_id: String(vi.id), from: `/vi/${slugs.lesson}` }))
        .expect(303);
      expect(new URL(held.headers['location'], 'http://site.invalid').pathname).toBe(`/vi/${slugs.lesson}`);
      await sql(`DELETE FROM posts WHERE id = $1`, [vi.id]);
    });

    it('takes a reply by its parent_id, and sends a refused reply back to the form answering the same comment', async () => {
      const [parent] = await sql<Array<{ id: number }>>(
        `INSERT INTO comments (post_id, author_name, author_email, body, state)
         VALUES ($1, 'Minh', 'minh@example.com', 'A question', 'approved') RETURNING id`,
        [posts.lesson],
      );
      const refused = await form()
        .send(fields({ parent_id: String(parent.id), body: '' }))
        .expect(303);
      expect(refused.headers['location']).toBe(
        `/${slugs.lesson}?comment_error=invalid&comment_fields=body&reply=${parent.id}#comment-form`,
      );
      await form()
        .send(fields({ parent_id: String(parent.id), body: 'An answer' }))
        .expect(303);
      expect(await sql(`SELECT parent_id FROM comments WHERE body = 'An answer'`)).toEqual([{ parent_id: parent.id }]);
    });

    it('sends a refused comment back to the form with why in the query, storing nothing', async () => {
      const invalid = await form()
        .send(fields({ author_email: 'nope', body: '' }))
        .expect(303);
      expect(invalid.headers['location']).toBe(
        `/${slugs.lesson}?comment_error=invalid&comment_fields=author_email%2Cbody#comment-form`,
      );
      await sql(`UPDATE posts SET comments_open = false WHERE id = $1`, [posts.lesson]);
      const closed = await form().send(fields()).expect(303);
      expect(closed.headers['location']).toBe(`/${slugs.lesson}?comment_error=closed#comment-form`);
      // A `from` of another site is never followed.
      const elsewhere = await form()
        .send(fields({ from: 'https://evil.example/' }))
        .expect(303);
      expect(elsewhere.headers['location']).toBe('/?comment_error=closed#comment-form');
      expect(await sql(`SELECT id FROM comments`)).toEqual([]);
    });
  });
});
