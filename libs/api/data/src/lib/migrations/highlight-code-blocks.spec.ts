// Specs only: the shared test harness builds on this library, hence the dependency the layering rule would refuse.
import { createCategory, createPost, useTestDatabase } from '../../testing';
import { HighlightCodeBlocks1764460000000 } from './1764460000000-highlight-code-blocks';

const plainBlock =
  '<pre class="language-javascript"><code class="language-javascript">const a = &quot;&lt;b&gt;&quot;;</code></pre>';

describe('the highlight code blocks migration (existing posts get highlighted code)', () => {
  const database = useTestDatabase();

  it('has run: the migration is recorded', async () => {
    const rows: { name: string }[] = await database.dataSource.query('SELECT name FROM migrations');
    expect(rows.map((row) => row.name)).toContain('HighlightCodeBlocks1764460000000');
  });

  it('highlights the code blocks of posts saved before, and leaves the rest and updated_at alone', async () => {
    const category = await createCategory(database);
    const withCode = await createPost(database, category, {
      content: `<p>Code:</p>${plainBlock}`,
      short_content: plainBlock,
    });
    const without = await createPost(database, category, { content: '<p>const a = 1;</p>' });
    const before: { id: number; updated_at: Date }[] = await database.dataSource.query(
      'SELECT id, updated_at FROM posts ORDER BY id',
    );

    const runner = database.dataSource.createQueryRunner();
    try {
      await new HighlightCodeBlocks1764460000000().up(runner);
    } finally {
      await runner.release();
    }

    const rows: { id: number; content: string; short_content: string }[] = await database.dataSource.query(
      'SELECT id, content, short_content FROM posts WHERE id = ANY($1) ORDER BY id',
      [[withCode.id, without.id]],
    );
    const expected =
      '<pre class="language-javascript"><code class="language-javascript"><span class="hljs-keyword">const</span> a = ' +
      '<span class="hljs-string">&quot;&lt;b&gt;&quot;</span>;</code></pre>';
    expect(rows[0].content).toBe(`<p>Code:</p>${expected}`);
    expect(rows[0].short_content).toBe(expected);
    expect(rows[1].content).toBe('<p>const a = 1;</p>');
    expect(await database.dataSource.query('SELECT id, updated_at FROM posts ORDER BY id')).toEqual(before);
  });
});
