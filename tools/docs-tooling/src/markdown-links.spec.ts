import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceRoot } from '@nx/devkit';
import { anchorsOf, brokenLinks } from './markdown-links';

describe('the links of the README and docs/', () => {
  it('all lead to a file that exists and, with an anchor, to one of its headings', () => {
    const docs = readdirSync(join(workspaceRoot, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => join('docs', file));
    const files = ['README.md', ...docs].sort();
    expect(brokenLinks(workspaceRoot, files)).toEqual([]);
  });
});

describe('brokenLinks', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    mkdirSync(join(root, 'docs/api'), { recursive: true });
    writeFileSync(
      join(root, 'docs/api/tokens.md'),
      '# Tokens\n\n## Scopes: `read` and `write`\n\n## Scopes: `read` and `write`\n',
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names the file, line and link of a missing file or heading; skips external links and code', () => {
    writeFileSync(
      join(root, 'README.md'),
      [
        '# Blog',
        '',
        'See [tokens](docs/api/tokens.md#scopes-read-and-write-1), [the top](#blog) and [a site](https://example.com/x.md).',
        '',
        'A [lost page](docs/api/gone.md) and a [lost heading](docs/api/tokens.md#limits).',
        '',
        '```md',
        '[in a code block](docs/nowhere.md)',
        '```',
        '',
        '`[in code](docs/nowhere.md)` and <img src="docs/images/none.png" alt="">',
        '',
        '[no such heading here](#run-it)',
      ].join('\n'),
    );
    expect(brokenLinks(root, ['README.md'])).toEqual([
      'README.md:5: docs/api/gone.md (no file docs/api/gone.md)',
      'README.md:5: docs/api/tokens.md#limits (no heading "limits" in docs/api/tokens.md)',
      'README.md:11: docs/images/none.png (no file docs/images/none.png)',
      'README.md:13: #run-it (no heading "run-it" in README.md)',
    ]);
  });

  it('slugs headings as GitHub does', () => {
    expect([...anchorsOf('# Phương’s Blog\n## Sign-in & the *admin* API\n## Sign-in & the *admin* API\n')]).toEqual([
      'phươngs-blog',
      'sign-in--the-admin-api',
      'sign-in--the-admin-api-1',
    ]);
  });
});
