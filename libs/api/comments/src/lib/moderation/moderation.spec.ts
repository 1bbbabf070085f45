import { COMMENT_RATE_LIMITS, commentSubmitInputSchema } from '@blog/contracts';
import { useTestApp } from '@blog/api/testing';
import { CommentsModule } from '../comments.module';
import { CommentsService } from '../submitting/comments.service';
import { useCommentsFixture } from '../testing/comments-fixture';

describe('moderation of readers’ comments (WordPress’s rules, the local spam filter, rate limits)', () => {
  const t = useTestApp([CommentsModule]);
  const { submit, sql, stored, settings, http, events, slugs, posts, comment } = useCommentsFixture(t);

  const thread = async (slug = slugs.lesson) => (await http().get(`/api/posts/${slug}/comments`).expect(200)).body;
  /** The writer `email` has a comment the owner approved. */
  const trust = async (email: string) => {
    const { body } = await submit({ author_email: email, body: `An earlier question from ${email.split('@')[0]}` });
    await sql(`UPDATE comments SET state = 'approved', approved_at = now() WHERE id = $1`, [body.id]);
  };

  it('holds a first comment from an e-mail, answers its writer with a token, and shows it to nobody', async () => {
    const { body } = await submit();
    expect(body).toEqual({
      id: expect.any(Number),
      state: 'pending',
      token: expect.any(String),
      slug: slugs.lesson,
      path: `/${slugs.lesson}`,
    });
    expect(await stored(body.id)).toMatchObject({ state: 'pending', spam_score: 0, signals: [], by_owner: false });
    expect(await thread()).toMatchObject({ comments: [], count: 0, open: true, closed_reason: null });
    expect(events.map((event) => event.event)).toEqual(['comment.created']);

    // The writer alone sees it, by the token; another token, or one altered, sees nothing.
    const held = await http().get('/api/comments/held').query({ token: body.token }).expect(200);
    expect(held.body).toMatchObject({ id: body.id, post_id: posts.lesson, author_name: 'Lan' });
    expect(held.body).not.toHaveProperty('author_email');
    await http()
      .get('/api/comments/held')
      .query({ token: `${body.token}x` })
      .expect(404);
    const other = (await submit({ author_email: 'other@example.com' })).body;
    const [payload] = other.token.split('.');
    await http()
      .get('/api/comments/held')
      .query({ token: `${payload}.${body.token.split('.')[1]}` })
      .expect(404);
  });

  it('shows at once the comment of a writer with an approved one (any case of the address), and its replies under it', async () => {
    await trust('lan@example.com');
    events.length = 0;
    const { body } = await submit({ author_email: 'LAN@example.com', body: 'Thanks, it is clear now.' });
    expect(body.state).toBe('approved');
    expect(events.map((event) => event.event)).toEqual(['comment.created', 'comment.approved']);
    expect(events[1].data).toMatchObject({ id: body.id, state: 'approved', post: { id: posts.lesson } });

    await trust('binh@example.com');
    const reply = (
      await submit({
        author_email: 'binh@example.com',
        author_name: 'Bình',
        parent_id: body.id,
        body: 'Me too',
      })
    ).body;
    expect(reply.state).toBe('approved');
    const shown = await thread();
    expect(shown.count).toBe(4);
    const answered = shown.comments.find((c: { id: number }) => c.id === body.id);
    expect(answered.replies).toEqual([
      expect.objectContaining({ id: reply.id, parent_id: body.id, author_name: 'Bình' }),
    ]);
    // Oldest thread first; never an e-mail, a state or a score.
    expect(shown.comments.map((c: { id: number }) => c.id)).toEqual(
      [...shown.comments.map((c: { id: number }) => c.id)].sort((a, b) => a - b),
    );
    expect(JSON.stringify(shown)).not.toMatch(/@example\.com|spam_score|state/);
  });

  it('holds a trusted writer’s comment with more links than allowed, a block-list word, or a score over half the threshold', async () => {
    await trust('lan@example.com');
    await settings({ comments_max_links: 1, comments_block_list: 'giảm giá', comments_spam_threshold: 70 });
    const links = await submit({ body: 'See https://a.example and https://b.example' });
    expect(links.body.state).toBe('pending');
    expect((await stored(links.body.id))['signals']).toEqual([{ name: 'too_many_links', score: 40 }]);

    const phrase = await submit({ body: 'Where is the casino in Đà Lạt?' });
    expect(phrase.body.state).toBe('pending');
    expect(await stored(phrase.body.id)).toMatchObject({ state: 'pending', spam_score: 40 });

    await settings({ comments_block_list: 'giảm giá', comments_spam_threshold: 200 });
    const blocked = await submit({ body: 'GIAM GIA hôm nay' });
    expect(blocked.body.state).toBe('pending');

    await settings({});
    expect((await submit({ body: 'One link: https://a.example' })).body.state).toBe('approved');
  });

  it.each([
    ['the honeypot filled in', { phone: '+1 555 0100' }, ['honeypot']],
    ['no page stamp', { rendered_at: undefined }, ['too_fast']],
    ['a forged page stamp', { rendered_at: 'r1.forged' }, ['too_fast']],
    ['a Cyrillic body', { body: 'Отличная статья, спасибо большое' }, ['script_mismatch']],
  ])('stores as spam, shown to nobody and answered as held: %s', async (_case, fields, fired) => {
    await trust('lan@example.com');
    events.length = 0;
    const { body } = await submit(fields);
    expect(body.state).toBe('pending');
    const row = await stored(body.id);
    expect(row['state']).toBe('spam');
    expect((row['signals'] as Array<{ name: string }>).map((signal) => signal.name)).toEqual(fired);
    expect(events).toEqual([]);
    expect((await thread()).count).toBe(1);
  });

  it('finds a text sent again under another post, or from another address, within 30 days', async () => {
    const text = 'Great post, visit my profile for more';
    await submit({ body: text, author_email: 'a@example.com' });
    // Once more on the same post from the same address is no repetition (a double click).
    const twice = (await submit({ body: text, author_email: 'a@example.com' })).body;
    expect(await stored(twice.id)).toMatchObject({ state: 'pending', signals: [] });
    const elsewhere = (await submit({ body: text, author_email: 'b@example.com', post_id: posts.travel })).body;
    expect(await stored(elsewhere.id)).toMatchObject({
      state: 'spam',
      signals: [{ name: 'repeated_text', score: 50 }],
    });
    await sql(`UPDATE comments SET created_at = now() - interval '31 days'`);
    const later = (await submit({ body: text, author_email: 'c@example.com', post_id: posts.travel })).body;
    expect(await stored(later.id)).toMatchObject({ state: 'pending', signals: [] });
  });

  it('learns from the spam marks: the e-mail and the hosts marked before', async () => {
    const hash = t.app.get(CommentsService).signing.hash('Spammer@Example.com');
    await sql(`INSERT INTO comment_spam_marks (kind, value) VALUES ('email', $1), ('host', 'pills.example')`, [hash]);
    const byEmail = (await submit({ author_email: 'spammer@example.com' })).body;
    expect(await stored(byEmail.id)).toMatchObject({ state: 'spam', signals: [{ name: 'spam_email', score: 100 }] });
    const byHost = (await submit({ author_url: 'https://www.pills.example/' })).body;
    expect(await stored(byHost.id)).toMatchObject({ state: 'spam', signals: [{ name: 'spam_host', score: 80 }] });
  });

  describe('closed comments: 403 naming the reason, and the thread says so', () => {
    it.each([
      ['site-wide', async () => settings({ comments_enabled: false }), 'Comments are closed on this site'],
      [
        'on the post',
        async () => void (await sql(`UPDATE posts SET comments_open = false WHERE slug = $1`, [slugs.lesson])),
        'Comments are closed on this post',
      ],
      [
        'N days after publication (the posts are 10 days old)',
        async () => settings({ comments_close_after_days: 7 }),
        'Comments close 7 days after a post is published',
      ],
    ])('%s', async (_case, close, reason) => {
      await close();
      const refused = await submit({}, 403);
      expect(refused.body.message).toBe(reason);
      expect(await thread()).toMatchObject({ open: false, closed_reason: reason });
      expect(await sql(`SELECT id FROM comments`)).toEqual([]);
    });

    it('keeps comments open on a post younger than the limit', async () => {
      await settings({ comments_close_after_days: 30 });
      await submit();
    });
  });

  describe('replies go one level deep, to a shown comment of the same post', () => {
    it('refuses a reply to a reply, to a held comment and to another post’s comment with 400 naming parent_id', async () => {
      await trust('lan@example.com');
      const top = (await submit({ body: 'A question' })).body;
      const reply = (await submit({ parent_id: top.id, body: 'An answer' })).body;
      const held = (await submit({ author_email: 'new@example.com' })).body;
      for (const fields of [
        { parent_id: reply.id },
        { parent_id: held.id },
        { parent_id: top.id, post_id: posts.travel },
        { parent_id: 999_999 },
      ]) {
        const refused = await submit(fields, 400);
        expect(refused.body.errors).toEqual([{ field: 'parent_id', message: expect.any(String) }]);
      }
    });

    it('deletes a reply with the comment it answers', async () => {
      await trust('lan@example.com');
      const top = (await submit({ post_id: posts.travel })).body;
      await submit({ post_id: posts.travel, parent_id: top.id, body: 'reply' });
      await sql(`DELETE FROM comments WHERE id = $1`, [top.id]);
      expect(await sql(`SELECT id FROM comments WHERE post_id = $1`, [posts.travel])).toEqual([]);
    });
  });

  it('answers 404 for a post that is not published, and 400 naming each bad field', async () => {
    expect((await submit({ post_id: posts.hidden }, 404)).body.errors).toEqual([
      { field: 'post_id', message: expect.any(String) },
    ]);
    await http().get(`/api/posts/${slugs.hidden}/comments`).expect(404);
    const refused = await submit(
      {
        author_name: ' ',
        author_email: 'not-an-address',
        author_url: 'javascript:alert(1)',
        body: 'x'.repeat(5001),
      },
      400,
    );
    expect(refused.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'author_email',
      'author_name',
      'author_url',
      'body',
    ]);
  });

  it('limits the comments of one e-mail a day, whatever address they come from', async () => {
    const service = t.app.get(CommentsService);
    const { points } = COMMENT_RATE_LIMITS.perEmailDaily;
    const send = (index: number) =>
      service.submit(commentSubmitInputSchema.parse(comment({ body: `Question ${index}` })), {
        address: `192.0.2.${index + 1}`,
        userAgent: 'test',
      });
    for (let index = 0; index < points; index++) await send(index);
    await expect(send(points)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('keeps a burst of 200 spam comments from one address bounded: at most 5 stored, none shown, the rest 429', async () => {
    const spam = (index: number) =>
      http()
        .post('/api/comments')
        .send(comment({ author_email: `bot${index}@example.com`, body: `Best casino bonus ${index}`, phone: 'x' }));
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => spam(batch * 20 + index)));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(COMMENT_RATE_LIMITS.perAddress.points);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - COMMENT_RATE_LIMITS.perAddress.points);
    const counts = await sql<Array<{ state: string; count: number }>>(
      `SELECT state, count(*)::int AS count FROM comments GROUP BY state`,
    );
    expect(counts).toEqual([{ state: 'spam', count: COMMENT_RATE_LIMITS.perAddress.points }]);
    expect((await thread()).count).toBe(0);
    const refused = await spam(0).expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});
