import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { hasThirdPartyFixtures, missingFixturesNotice, THIRD_PARTY_FIXTURES } from '@blog/shared/testing';

/** The real exports no one here wrote: read only. */
export const WORDPRESS_FIXTURE = join(THIRD_PARTY_FIXTURES, 'wordpress/themeunittestdata.wordpress.xml');
export const GHOST_FIXTURE = join(THIRD_PARTY_FIXTURES, 'ghost/ghost-5.130-export.json');
export const GHOST_IMAGES_FIXTURE = join(THIRD_PARTY_FIXTURES, 'ghost/content/images');

/** Without the exports' folder a case is skipped, saying so in one line (Jest's console would add a stack trace). */
function skipping(what: string): void {
  process.stderr.write(`${missingFixturesNotice(what)}\n`);
}

/** `describe` for specs that read the exports above. */
export function describeWithFixtures(name: string, specs: () => void): void {
  if (hasThirdPartyFixtures) return describe(name, specs);
  skipping(`the specs "${name}"`);
  describe.skip(name, specs);
}

/** `it` for a spec that reads the exports above. */
export function itWithFixtures(name: string, spec: jest.ProvidesCallback, timeout?: number): void {
  if (hasThirdPartyFixtures) return it(name, spec, timeout);
  skipping(`the spec "${name}"`);
  it.skip(name, spec, timeout);
}

/** Which multilingual plugin's data `multilingualCopy` adds. */
export type MultilingualPlugin = 'polylang' | 'wpml';

/** A term id free in the WordPress fixture: the Vietnamese category the copies add. */
const VIETNAMESE_CATEGORY_TERM_ID = '990001';
/** The fixture's Classic category. */
const CLASSIC_TERM_ID = '192';

/**
 * A copy of the WordPress fixture (written into `folder`; the fixture itself is never edited) with a
 * multilingual plugin's data added: post 358 in English and post 555 in Vietnamese, translations of
 * each other, 555 filed under a new Vietnamese category "Du lịch" (with Polylang, the translation of
 * Classic); post 562 in Vietnamese alone; post 559 in French, a language the site does not run. The
 * other posts carry no language data.
 */
export function multilingualCopy(folder: string, plugin: MultilingualPlugin): string {
  const source = readFileSync(WORDPRESS_FIXTURE, 'utf8');
  const term = (id: number, taxonomy: string, slug: string, description: string) =>
    `<wp:term><wp:term_id>${id}</wp:term_id><wp:term_taxonomy>${taxonomy}</wp:term_taxonomy>` +
    `<wp:term_slug>${slug}</wp:term_slug><wp:term_name>${slug}</wp:term_name>` +
    `<wp:term_description><![CDATA[${description}]]></wp:term_description></wp:term>\n`;
  const category =
    `<wp:category><wp:term_id>${VIETNAMESE_CATEGORY_TERM_ID}</wp:term_id><wp:category_nicename>du-lich</wp:category_nicename>` +
    `<wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Du lịch]]></wp:cat_name></wp:category>\n`;
  const terms =
    plugin === 'polylang'
      ? term(990002, 'post_translations', 'pll_5f2a', 'a:2:{s:2:"en";i:358;s:2:"vi";i:555;}') +
        term(
          990003,
          'term_translations',
          'pll_7c1b',
          `a:2:{s:2:"en";i:${CLASSIC_TERM_ID};s:2:"vi";i:${VIETNAMESE_CATEGORY_TERM_ID};}`,
        )
      : '';
  const polylang = (language: string, group?: string) =>
    `<category domain="language" nicename="${language}"><![CDATA[${language}]]></category>` +
    (group ? `<category domain="post_translations" nicename="${group}"><![CDATA[${group}]]></category>` : '');
  const meta = (key: string, value: string) =>
    `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`;
  const wpml = (language: string, group?: string) =>
    meta('_wpml_language', language) + (group ? meta('_wpml_import_translation_group', group) : '');
  const language = plugin === 'polylang' ? polylang : wpml;
  const duLich = '<category domain="category" nicename="du-lich"><![CDATA[Du lịch]]></category>';
  const added: Record<string, string> = {
    '358': language('en', plugin === 'polylang' ? 'pll_5f2a' : '17'),
    '555': duLich + language('vi', plugin === 'polylang' ? 'pll_5f2a' : '17'),
    '562': duLich + language('vi'),
    '559': language(plugin === 'polylang' ? 'fr' : 'fr_FR'),
  };
  const items = source.split('</item>').map((chunk) => {
    const id = /<wp:post_id>(\d+)<\/wp:post_id>/.exec(chunk)?.[1];
    return id && added[id] ? chunk.replace('<item>', `<item>${added[id]}`) : chunk;
  });
  const copy = items.join('</item>').replace('<wp:category>', `${category}${terms}<wp:category>`);
  const path = join(folder, `${plugin}.wordpress.xml`);
  writeFileSync(path, copy);
  return path;
}
