// Specs only: the shared test harness builds on this library (as in the initial schema's spec).
import { createCategory, createPost, queryFailureOf, useTestDatabase } from '../testing';
import { SlugHistoryEntity, type CategoryEntity, type PostEntity } from './entities';
import { recordSlugChange } from './slug-history';

describe('the slug history table and recordSlugChange', () => {
  const database = useTestDatabase();
  let category: CategoryEntity;
  let post: PostEntity;

  const rows = () =>
    database.dataSource
      .getRepository(SlugHistoryEntity)
      .find({ order: { id: 'ASC' } })
      .then((found) => found.map(({ slug, post_id, category_id }) => ({ slug, post_id, category_id })));
  const record = (owner: 'post_id' | 'category_id', id: number, from: string, to: string) =>
    database.dataSource.transaction((manager) => recordSlugChange(manager, owner, id, from, to));

  beforeAll(async () => {
    category = await createCategory(database, { slug: 'story' });
    post = await createPost(database, category, { slug: 'current' });
  });

  afterEach(async () => {
    await database.dataSource.query('DELETE FROM slug_history');
  });

  it('has run: the migration is recorded', async () => {
    const names: Array<{ name: string }> = await database.dataSource.query('SELECT name FROM migrations');
    expect(names.map((row) => row.name)).toContain('SlugHistory1764200000000');
  });

  it('points each row at exactly one post or one category', async () => {
    for (const [postId, categoryId] of [
      [null, null],
      [post.id, category.id],
    ]) {
      const error = await queryFailureOf(
        database,
        'INSERT INTO slug_history (slug, post_id, category_id) VALUES ($1, $2, $3)',
        ['x', postId, categoryId],
      );
      expect(error).toMatchObject({ code: '23514', constraint: 'CHK_slug_history_one_owner' });
    }
  });

  it('keeps an old slug unique per kind, and the same word free for both kinds', async () => {
    await record('post_id', post.id, 'old', 'current');
    await record('category_id', category.id, 'old', 'story');
    const error = await queryFailureOf(database, 'INSERT INTO slug_history (slug, post_id) VALUES ($1, $2)', [
      'old',
      post.id,
    ]);
    expect(error).toMatchObject({ code: '23505', constraint: 'UQ_slug_history_post_slug' });
    expect(await rows()).toEqual([
      { slug: 'old', post_id: post.id, category_id: null },
      { slug: 'old', post_id: null, category_id: category.id },
    ]);
  });

  it('records nothing when the slug did not change', async () => {
    await record('post_id', post.id, 'current', 'current');
    expect(await rows()).toEqual([]);
  });

  it('gives an old slug to its latest owner, and never keeps a row for the slug its record has again', async () => {
    const other = await createPost(database, category, { slug: 'other' });
    await record('post_id', post.id, 'a', 'b');
    await record('post_id', other.id, 'a', 'other');
    expect(await rows()).toEqual([{ slug: 'a', post_id: other.id, category_id: null }]);
    await record('post_id', other.id, 'other', 'a');
    expect(await rows()).toEqual([{ slug: 'other', post_id: other.id, category_id: null }]);
  });

  it('is deleted with its post or category', async () => {
    const doomedCategory = await createCategory(database, { slug: 'doomed-category' });
    const doomedPost = await createPost(database, doomedCategory, { slug: 'doomed-post' });
    await record('post_id', doomedPost.id, 'doomed-post-old', 'doomed-post');
    await record('category_id', doomedCategory.id, 'doomed-category-old', 'doomed-category');
    await database.dataSource.query('DELETE FROM posts WHERE id = $1', [doomedPost.id]);
    expect(await rows()).toEqual([{ slug: 'doomed-category-old', post_id: null, category_id: doomedCategory.id }]);
    await database.dataSource.query('DELETE FROM categories WHERE id = $1', [doomedCategory.id]);
    expect(await rows()).toEqual([]);
  });
});
