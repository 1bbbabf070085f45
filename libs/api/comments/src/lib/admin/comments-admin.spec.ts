import type request from 'supertest';
import { COMMENTS_PAGE_SIZE } from '@blog/contracts';
import { commentsOfPost } from '@blog/api/data';
import {
  apiTokenAgent,
  eventually,
  expectAdminOnly,
  recordContentChanges,
  type TestAgent as Agent,
  trpcHttp,
  useTestApp,
} from '@blog/api/testing';
import { CommentsModule } from '../comments.module';
import { useCommentsFixture } from '../testing/comments-fixture';
import { CommentsAdminRouter } from './comments-admin.router';

const adminTrpc = trpcHttp<CommentsAdminRouter['router']>('commentsAdmin');

describe("the owner's comments (REST /api/comments, tRPC commentsAdmin.*)", () => {
  const t = useTestApp([CommentsModule], {
    trpc: (nest) => ({ commentsAdmin: nest.get(CommentsAdminRouter).router }),
    signIn: true,
  });
  const { submit, sql, stored, http, slugs, posts, events } = useCommentsFixture(t);
  const thread = async () => (await http().get(`/api/posts/${slugs.lesson}/comments`).expect(200)).body;

  /** A held first comment of `email` (the fixture's reader by default). */
  const held = async (fields: Record<string, unknown> = {}) => (await submit(fields)).body.id as number;

  describe('access: administrators, and tokens with the scope of the door', () => {
    const doors: Array<[string, 'comments:read' | 'comments:write', (agent: Agent, id: number) => request.Test]> = [
      ['GET /api/comments', 'comments:read', (agent) => agent.get('/api/comments')],
      ['GET /api/comments/counts', 'comments:read', (agent) => agent.get('/api/comments/counts')],
      ['tRPC commentsAdmin.list', 'comments:read', (agent) => adminTrpc.query(agent, 'list', {})],
      ['tRPC commentsAdmin.counts', 'comments:read', (agent) => adminTrpc.query(agent, 'counts')],
      ['POST /api/comments/{id}/approve', 'comments:write', (agent, id) => agent.post(`/api/comments/${id}/approve`)],
      ['POST /api/comments/{id}/trash', 'comments:write', (agent, id) => agent.post(`/api/comments/${id}/trash`)],
      [
        'PUT /api/comments/{id}',
        'comments:write',
        (agent, id) => agent.put(`/api/comments/${id}`).send({ body: 'Fixed' }),
      ],
      [
        'POST /api/comments/bulk',
        'comments:write',
        (agent, id) => agent.post('/api/comments/bulk').send({ action: 'approve', ids: [id] }),
      ],
      ['tRPC commentsAdmin.approve', 'comments:write', (agent, id) => adminTrpc.mutation(agent, 'approve', { id })],
      [
        'POST /api/comments/erase',
        'comments:write',
        (agent) => agent.post('/api/comments/erase').send({ email: 'nobody@example.com' }),
      ],
      [
        'tRPC commentsAdmin.eraseEmail',
        'comments:write',
        (agent) => adminTrpc.mutation(agent, 'eraseEmail', { email: 'nobody@example.com' }),
      ],
      [
        'tRPC commentsAdmin.reply',
        'comments:write',
        (agent, id) => adminTrpc.mutation(agent, 'reply', { id, body: 'Thanks' }),
      ],
    ];

    it.each(doors)('%s: anonymous → 401, non-admin → 403, a token needs %s', async (door, scope, call) => {
      const id = await held();
      await expectAdminOnly(door, (agent) => call(agent, id), t);
      const other = scope === 'comments:read' ? 'comments:write' : 'comments:read';
      const refused = await call(await apiTokenAgent(t, ['content:read', other]), id).expect(403);
      expect(JSON.stringify(refused.body)).toContain(scope);
      await call(await apiTokenAgent(t, [scope]), id).expect(200);
    });
  });

  it('lists held comments first, with the e-mail and the signals, filtered by post and state, and counts them', async () => {
    const first = await held();
    const spam = await held({ phone: 'filled', author_email: 'bot@example.com' });
    const other = await held({ post_id: posts.travel, author_email: 'an@example.com', body: 'A tip' });
    await sql(`UPDATE comments SET state = 'approved' WHERE id = $1`, [first]);
    const all = (await t.admin.get('/api/comments').expect(200)).body;
    expect(all).toMatchObject({ total: 3, page: 1, page_size: COMMENTS_PAGE_SIZE });
    expect(all.comments.map((comment: { id: number }) => comment.id)).toEqual([other, spam, first]);
    expect(all.comments[1]).toMatchObject({
      author_email: 'bot@example.com',
      state: 'spam',
      signals: [{ name: 'honeypot', score: 100 }],
      post: { id: posts.lesson, slug: slugs.lesson },
    });
    const lessonSpam = (await t.admin.get('/api/comments').query({ post: posts.lesson, state: 'spam' }).expect(200))
      .body;
    expect(lessonSpam.comments.map((comment: { id: number }) => comment.id)).toEqual([spam]);
    expect((await t.admin.get('/api/comments/counts').expect(200)).body).toEqual({
      pending: 1,
      approved: 1,
      spam: 1,
      trash: 0,
    });
    const refused = await t.admin.get('/api/comments').query({ state: 'deleted' }).expect(400);
    expect(refused.body.errors[0].field).toBe('state');
  });

  it('approves (shown, announced once, trusted next time), trashes, and answers 404 for no comment', async () => {
    const id = await held();
    const approved = (await t.admin.post(`/api/comments/${id}/approve`).expect(200)).body;
    expect(approved).toMatchObject({ id, state: 'approved', approved_at: expect.any(String) });
    await t.admin.post(`/api/comments/${id}/approve`).expect(200);
    expect(events.filter((event) => event.event === 'comment.approved')).toHaveLength(1);
    expect((await thread()).count).toBe(1);
    expect((await submit({ body: 'A second question' })).body.state).toBe('approved');

    await t.admin.post(`/api/comments/${id}/trash`).expect(200);
    expect((await thread()).count).toBe(1);
    await t.admin.post('/api/comments/999999/approve').expect(404);
    await t.admin.put('/api/comments/999999').send({ body: 'x' }).expect(404);
  });

  it('marks spam and learns from it: the next comment of that e-mail, or linking that host, is spam', async () => {
    const id = await held({ author_email: 'Seller@Example.com', body: 'Cheap at https://www.pills.example/buy' });
    await t.admin.post(`/api/comments/${id}/spam`).expect(200);
    expect(await sql(`SELECT kind FROM comment_spam_marks ORDER BY kind`)).toEqual([
      { kind: 'email' },
      { kind: 'host' },
    ]);
    const again = (await submit({ author_email: 'seller@example.com', body: 'Hello' })).body;
    expect(await stored(again.id)).toMatchObject({ state: 'spam' });
    const host = (await submit({ author_email: 'new@example.com', body: 'see http://pills.example' })).body;
    expect(await stored(host.id)).toMatchObject({ state: 'spam' });
  });

  it('moderates in bulk (at most 100 ids), counting what changed', async () => {
    const ids = [await held(), await held({ author_email: 'b@example.com', body: 'Another question' })];
    const { body } = await t.admin
      .post('/api/comments/bulk')
      .send({ action: 'approve', ids: [...ids, 999999] })
      .expect(200);
    expect(body).toEqual({ changed: 2 });
    expect((await thread()).count).toBe(2);
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1);
    const refused = await t.admin.post('/api/comments/bulk').send({ action: 'spam', ids: tooMany }).expect(400);
    expect(refused.body.errors[0].field).toBe('ids');
    await t.admin.post('/api/comments/bulk').send({ action: 'delete', ids }).expect(400);
  });

  it('edits a text, and answers as the author: shown at once, the held comment approved, one level deep', async () => {
    const id = await held();
    const edited = (await t.admin.put(`/api/comments/${id}`).send({ body: ' Corrected ' }).expect(200)).body;
    expect(edited.body).toBe('Corrected');

    const reply = (await t.admin.post(`/api/comments/${id}/reply`).send({ body: 'Yes, the same verb.' }).expect(200))
      .body;
    expect(reply).toMatchObject({
      parent_id: id,
      by_owner: true,
      state: 'approved',
      author_email: 'admin@example.com',
    });
    // An answer to the answer goes under the first comment.
    const again = (await adminTrpc.mutation(t.admin, 'reply', { id: reply.id, body: 'And more.' }).expect(200)).body
      .result.data;
    expect(again.parent_id).toBe(id);
    const shown = await thread();
    expect(shown.comments).toEqual([
      expect.objectContaining({
        id,
        replies: [expect.objectContaining({ id: reply.id, by_owner: true }), expect.objectContaining({ id: again.id })],
      }),
    ]);
    expect(events.map((event) => event.event)).toEqual([
      'comment.created',
      'comment.approved',
      'comment.created',
      'comment.approved',
      'comment.created',
      'comment.approved',
    ]);
  });

  it('erases an e-mail from every comment: "Guest", nothing of the writer kept but the text, the spam mark gone', async () => {
    const shown = await held({
      author_email: 'Forget.Me@Example.com',
      author_url: 'https://forget.example',
      notify_replies: true,
    });
    await t.admin.post(`/api/comments/${shown}/approve`).expect(200);
    const marked = await held({ author_email: 'forget.me@example.com', body: 'Buy at https://pills.example' });
    await t.admin.post(`/api/comments/${marked}/spam`).expect(200);
    const other = await held({ author_email: 'keep@example.com', author_url: 'https://keep.example' });
    const before = await stored(shown);
    expect(before).toMatchObject({
      notify_replies: true,
      address_hash: expect.any(String),
      user_agent: expect.any(String),
    });
    expect(before['writer_token_hash']).toEqual(expect.any(String));

    const { tables, stop } = await recordContentChanges(t.database.url);
    try {
      const { body } = await t.admin.post('/api/comments/erase').send({ email: ' FORGET.ME@example.com ' }).expect(200);
      expect(body).toEqual({ changed: 2 });
      // A shown comment changed: its post's pages are stale.
      await eventually(async () => expect(tables).toContain(commentsOfPost(posts.lesson)));
    } finally {
      await stop();
    }
    for (const id of [shown, marked]) {
      expect(await stored(id)).toMatchObject({
        author_name: 'Guest',
        author_email: '',
        author_url: null,
        user_agent: '',
        address_hash: null,
        writer_token_hash: null,
        notify_replies: false,
      });
    }
    // The texts stay, for the owner to keep or trash.
    expect(await stored(shown)).toMatchObject({ body: before['body'], state: 'approved' });
    expect(await stored(other)).toMatchObject({ author_email: 'keep@example.com', author_url: 'https://keep.example' });
    expect((await thread()).comments).toEqual([
      expect.objectContaining({ id: shown, author_name: 'Guest', author_url: null }),
    ]);
    // What "mark spam" learnt of the address is gone; the host it linked stays spam.
    expect(await sql(`SELECT kind FROM comment_spam_marks`)).toEqual([{ kind: 'host' }]);

    const again = (await adminTrpc.mutation(t.admin, 'eraseEmail', { email: 'forget.me@example.com' }).expect(200))
      .body;
    expect(again.result.data).toEqual({ changed: 0 });
    const refused = await t.admin.post('/api/comments/erase').send({ email: 'not an address' }).expect(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'email' })]);
  });

  it('tells the page cache (content_changed) of a comment shown, edited or trashed, by its post, never of one held nor of what the page does not show', async () => {
    const { tables, stop } = await recordContentChanges(t.database.url);
    const ofLesson = commentsOfPost(posts.lesson);
    try {
      const id = await held();
      // A write that is always announced, after the held comment: once it is heard, so would the comment be.
      await sql(`UPDATE about SET content = content WHERE false`);
      await eventually(async () => expect(tables).toContain('about'));
      expect(tables.filter((table) => table.startsWith('comments'))).toEqual([]);
      await t.admin.post(`/api/comments/${id}/approve`).expect(200);
      await eventually(async () => expect(tables).toContain(ofLesson));
      expect(tables.filter((table) => table.startsWith('comments'))).toEqual([ofLesson]);
      const announced = () => tables.filter((table) => table === ofLesson);
      await t.admin.put(`/api/comments/${id}`).send({ body: 'Fixed' }).expect(200);
      await eventually(async () => expect(announced()).toHaveLength(2));
      // What the page does not show (a reader leaving the reply mails) changes no page.
      await sql(`UPDATE comments SET notify_replies = NOT notify_replies WHERE id = $1`, [id]);
      await sql(`UPDATE about SET content = content WHERE false`);
      await eventually(async () => expect(tables.filter((table) => table === 'about')).toHaveLength(2));
      expect(announced()).toHaveLength(2);
      await t.admin.post(`/api/comments/${id}/trash`).expect(200);
      await eventually(async () => expect(announced()).toHaveLength(3));
    } finally {
      await stop();
    }
  });
});
