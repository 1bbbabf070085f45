import { randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@blog/contracts';
import { secretTokenHash } from '@blog/api/core';
import { type CategoryEntity } from '@blog/api/data';
import { createCategory, createPost, trpcHttp, useTestApp } from '@blog/api/testing';
import { PostsModule } from './posts.module';
import { PostsRouter } from './posts.router';

const postsTrpc = trpcHttp<PostsRouter['router']>('posts');

/**
 * The posts' REST routes as an outside caller meets them: an API token's scopes on the
 * real routes, `Link` headers on the paged lists, `ETag` / 304 on reads.
 */
describe('posts: REST for outside callers', () => {
  const t = useTestApp([PostsModule], { trpc: (nest) => ({ posts: nest.get(PostsRouter).router }), signIn: true });
  let travel: CategoryEntity;

  /** A token of the administrator, made as `apiTokens.create` stores it (that domain is not this one's to import). */
  async function tokenWith(scopes: ApiTokenScope[]): Promise<string> {
    const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    await t.database.dataSource.query(
      `INSERT INTO api_tokens (user_id, name, scopes, token_hash, hint) VALUES ($1, 'spec', $2, $3, $4)`,
      [t.adminUser.id, scopes, secretTokenHash(secret), secret.slice(0, 9)],
    );
    return secret;
  }

  const body = (slug: string) => ({
    category_id: travel.id,
    title: 'Written by a script',
    slug,
    content: '<p>From the API.</p>',
    short_content: '<p>API.</p>',
    thumbnail: null,
    meta_title: 'Script',
    meta_description: '',
    meta_keywords: '',
    status: 0 as const,
  });

  beforeAll(async () => {
    travel = await createCategory(t.database, { slug: 'travel', name: 'Travel' });
    for (let n = 0; n < 13; n += 1) await createPost(t.database, travel, { slug: `post-${n}` });
  });

  describe('API tokens on the posts routes', () => {
    it('creates a post with a content:write token, without a session or an Origin header', async () => {
      const secret = await tokenWith(['content:write']);
      const res = await t.anonymous.post('/api/posts').set('Authorization', `Bearer ${secret}`).send(body('scripted'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 200 });
    });

    it('refuses a content:read token a write (403 naming content:write), and a content:write token the reads', async () => {
      const reader = await tokenWith(['content:read']);
      const refused = await t.anonymous
        .post('/api/posts')
        .set('Authorization', `Bearer ${reader}`)
        .send(body('not-written'))
        .expect(403);
      expect(refused.body.message).toBe('This API token lacks the scope content:write');
      await t.anonymous.get('/api/posts').set('Authorization', `Bearer ${reader}`).expect(200);

      const writer = await tokenWith(['content:write']);
      const read = await t.anonymous.get('/api/homeData').set('Authorization', `Bearer ${writer}`).expect(403);
      expect(read.body.message).toBe('This API token lacks the scope content:read');
    });

    it('works on tRPC alike: the admin list with content:read, a create refused without content:write', async () => {
      const reader = await tokenWith(['content:read']);
      const list = await postsTrpc.query(t.anonymous, 'adminList').set('Authorization', `Bearer ${reader}`).expect(200);
      expect(list.body.result.data.total).toBeGreaterThan(0);
      const refused = await postsTrpc
        .mutation(t.anonymous, 'create', body('trpc-refused'))
        .set('Authorization', `Bearer ${reader}`)
        .expect(403);
      expect(refused.body.error.message).toBe('This API token lacks the scope content:write');
    });

    it('leaves the public reads as they are without a token', async () => {
      await t.anonymous.get('/api/homeData').expect(200);
      await t.anonymous.get('/api/gst-postsPagination/1').expect(200);
    });
  });

  describe('Link headers (RFC 8288) on paged lists', () => {
    it('links the first, previous, next and last pages of the public list', async () => {
      const res = await t.anonymous.get('/api/gst-postsPagination/2').expect(200);
      expect(res.headers['link']).toBe(
        '</api/gst-postsPagination/1>; rel="first", </api/gst-postsPagination/1>; rel="prev", ' +
          '</api/gst-postsPagination/3>; rel="next", </api/gst-postsPagination/3>; rel="last"',
      );
      const last = await t.anonymous.get('/api/gst-postsPagination/3').expect(200);
      expect(last.headers['link']).not.toContain('rel="next"');
      const first = await t.anonymous.get('/api/gst-postsByCategory/travel/1').expect(200);
      expect(first.headers['link']).toContain('</api/gst-postsByCategory/travel/2>; rel="next"');
      expect(first.headers['link']).not.toContain('rel="prev"');
    });

    it('keeps the other query parameters in the admin list links', async () => {
      const res = await t.admin.get('/api/posts?q=post&page=1').expect(200);
      expect(res.headers['link']).toContain('</api/posts?q=post&page=1>; rel="first"');
      expect(res.headers['link']).not.toContain('rel="next"');
      const all = await t.admin.get('/api/posts').expect(200);
      expect(all.headers['link']).toBeUndefined();
    });
  });

  it('answers a repeated read with 304 when its ETag matches', async () => {
    const res = await t.anonymous.get('/api/gst-postsPagination/1').expect(200);
    await t.anonymous.get('/api/gst-postsPagination/1').set('If-None-Match', res.headers['etag']).expect(304);
  });
});
