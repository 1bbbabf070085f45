// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { createCategory, createPost, useTestDatabase } from '../../testing';
import { PostEntity } from '../entities';

describe('the reading time migration (word and image counts kept by PostgreSQL)', () => {
  const database = useTestDatabase();

  const countsOf = async (content: string) => {
    const category = await createCategory(database);
    const post = await createPost(database, category, { content });
    const row = await database.dataSource.getRepository(PostEntity).findOneByOrFail({ id: post.id });
    return { words: row.word_count, images: row.image_count };
  };

  it('counts Vietnamese syllables and English words of the text, not its tags, attributes or spaces', async () => {
    expect(await countsOf('<p>Tôi đi học tiếng Anh ở Hà Nội.</p>')).toEqual({ words: 8, images: 0 });
    expect(
      await countsOf('<h2 class="indent-1">Đà Lạt</h2>\n<p>  Mưa&nbsp;rơi <strong>trên</strong> phố.</p>'),
    ).toEqual({
      words: 6,
      images: 0,
    });
    expect(
      await countsOf('<ul><li>One</li><li>two three</li></ul><a href="https://example.com/a b c">link</a>'),
    ).toEqual({
      words: 4,
      images: 0,
    });
  });

  it('counts images, and nothing in an empty post', async () => {
    expect(await countsOf('<p>Look <img src="/uploads/a.jpg" alt="a b c"> and <img src="/uploads/b.jpg"></p>')).toEqual(
      {
        words: 2,
        images: 2,
      },
    );
    expect(await countsOf('')).toEqual({ words: 0, images: 0 });
    expect(await countsOf('<p><br></p>')).toEqual({ words: 0, images: 0 });
  });

  it('follows an edit of the content', async () => {
    const category = await createCategory(database);
    const post = await createPost(database, category, { content: '<p>one two</p>' });
    const posts = database.dataSource.getRepository(PostEntity);
    await posts.update({ id: post.id }, { content: '<p>one two three four</p><img src="/uploads/x.png">' });
    expect(await posts.findOneByOrFail({ id: post.id })).toMatchObject({ word_count: 4, image_count: 1 });
  });
});
