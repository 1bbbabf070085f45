import { join } from 'node:path';
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
