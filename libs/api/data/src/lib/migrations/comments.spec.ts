// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { useTestDatabase } from '../../testing';
import { Comments1795830000000 } from './1795830000000-comments';
import { migrations } from './index';

describe('the comments migration', () => {
  const database = useTestDatabase();
  const columnsOf = async (table: string) =>
    (
      await database.dataSource.query<Array<{ name: string }>>(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1 AND column_name LIKE 'comment%'`,
        [table],
      )
    ).map((column) => column.name);

  it('goes down to the schema before it and up again', async () => {
    // It and those after it (which build on its tables), undone in reverse order.
    const since = migrations.slice(migrations.indexOf(Comments1795830000000)).map((Migration) => new Migration());
    const runner = database.dataSource.createQueryRunner();
    try {
      for (const migration of [...since].reverse()) await migration.down(runner);
      expect(await columnsOf('posts')).toEqual([]);
      expect(await columnsOf('projects')).toEqual([]);
      expect(await columnsOf('general_info')).toEqual([]);
      expect(await database.dataSource.query(`SELECT to_regclass('comments') AS found`)).toEqual([{ found: null }]);
      for (const migration of since) await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await columnsOf('posts')).toEqual(['comments_open']);
    expect(await columnsOf('projects')).toEqual(['comments_open']);
    expect((await columnsOf('general_info')).sort()).toEqual([
      'comments_block_list',
      'comments_close_after_days',
      'comments_enabled',
      'comments_max_links',
      'comments_spam_threshold',
    ]);
  });

  it('refuses a state that is none of the four', async () => {
    const [{ id }] = await database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug) VALUES ('C', 'c') RETURNING id`,
    );
    const [post] = await database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO posts (category_id, title, slug) VALUES ($1, 'P', 'p') RETURNING id`,
      [id],
    );
    await expect(
      database.dataSource.query(
        `INSERT INTO comments (post_id, author_name, author_email, body, state) VALUES ($1, 'A', 'a@example.com', 'x', 'shown')`,
        [post.id],
      ),
    ).rejects.toThrow(/CHK_comments_state/);
  });

  it('keeps a comment under a post or a project, never both nor neither', async () => {
    const [{ id }] = await database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO categories (name, slug) VALUES ('D', 'd') RETURNING id`,
    );
    const [post] = await database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO posts (category_id, title, slug) VALUES ($1, 'Q', 'q') RETURNING id`,
      [id],
    );
    const [project] = await database.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO projects (title, slug, year_from) VALUES ('W', 'w', 2024) RETURNING id`,
    );
    const insert = (postId: number | null, projectId: number | null) =>
      database.dataSource.query(
        `INSERT INTO comments (post_id, project_id, author_name, author_email, body) VALUES ($1, $2, 'A', 'a@example.com', 'x')`,
        [postId, projectId],
      );
    await expect(insert(post.id, project.id)).rejects.toThrow(/CHK_comments_subject/);
    await expect(insert(null, null)).rejects.toThrow(/CHK_comments_subject/);
    await insert(null, project.id);
    await database.dataSource.query(`DELETE FROM projects WHERE id = $1`, [project.id]);
    expect(await database.dataSource.query(`SELECT id FROM comments`)).toEqual([]);
  });
});
