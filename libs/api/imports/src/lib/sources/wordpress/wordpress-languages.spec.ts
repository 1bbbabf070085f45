import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceItem } from '../source-model';
import { describeWithFixtures, multilingualCopy, type MultilingualPlugin } from '../../../testing/fixtures';
import { languageCode, polylangGroup } from './wordpress-languages';
import { readWordPress } from './wordpress-reader';

describe('the multilingual plugins’ data', () => {
  it('reads Polylang’s serialized groups, ids written as numbers or strings', () => {
    expect([...polylangGroup('a:2:{s:2:"en";i:12;s:2:"vi";i:34;}')]).toEqual([
      ['en', '12'],
      ['vi', '34'],
    ]);
    expect([...polylangGroup('a:1:{s:5:"pt_BR";s:2:"56";}')]).toEqual([['pt', '56']]);
    expect([...polylangGroup('not php')]).toEqual([]);
  });

  it('folds a language as WPML and Polylang write it to its code', () => {
    expect(['vi', 'VI', 'en_US', 'pt-br', ' zh-hans ', '', '12'].map(languageCode)).toEqual([
      'vi',
      'vi',
      'en',
      'pt',
      'zh',
      '',
      '',
    ]);
  });
});

describeWithFixtures('readWordPress on a multilingual copy of the Theme Unit Test export', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wp-languages-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const read = async (plugin: MultilingualPlugin) => {
    const items: SourceItem[] = [];
    for await (const item of readWordPress(multilingualCopy(folder, plugin))) items.push(item);
    const post = (id: number) => items.find((item) => item.type === 'post' && item.key === `wp:post:${id}`);
    const category = (slug: string) =>
      items.find((item) => item.type === 'category' && item.key === `wp:category:${slug}`);
    return { post, category };
  };

  it.each(['polylang', 'wpml'] as const)('gives the posts their languages and groups (%s)', async (plugin) => {
    const { post } = await read(plugin);
    const group = plugin === 'polylang' ? 'wp:translations:post_translations:pll_5f2a' : 'wp:translations:wpml:17';
    expect(post(358)).toMatchObject({ language: 'en', translationKey: group });
    expect(post(555)).toMatchObject({ language: 'vi', translationKey: group, categoryKey: 'wp:category:du-lich' });
    expect(post(562)).toMatchObject({ language: 'vi' });
    expect(post(562)).not.toHaveProperty('translationKey');
    expect(post(559)).toMatchObject({ language: 'fr' });
    expect(post(1148)).not.toHaveProperty('language');
  });

  it('gives the categories their languages: Polylang’s pairs, else the language of their posts', async () => {
    const polylang = await read('polylang');
    const pair = 'wp:translations:term_translations:pll_7c1b';
    expect(polylang.category('classic')).toMatchObject({ language: 'en', translationKey: pair });
    expect(polylang.category('du-lich')).toMatchObject({ name: 'Du lịch', language: 'vi', translationKey: pair });
    const wpml = await read('wpml');
    expect(wpml.category('du-lich')).toMatchObject({ language: 'vi' });
    expect(wpml.category('du-lich')).not.toHaveProperty('translationKey');
    // Classic holds an English post, a French one and others without a language: none is written.
    expect(wpml.category('classic')).not.toHaveProperty('language');
  });
});
