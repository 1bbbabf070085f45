import { basename, join } from 'node:path';
import { test } from '@playwright/test';
import { hasThirdPartyFixtures, missingFixturesNotice, THIRD_PARTY_FIXTURES } from '@blog/shared/testing';

/** The Ghost 5.130 export and its `content/images` folder, which no one here wrote: read only. */
export const GHOST_FIXTURES = join(THIRD_PARTY_FIXTURES, 'ghost');

/**
 * Skips every test of the calling spec file when the third-party fixtures folder is missing, with one line
 * on the terminal (the HTML report keeps the reason too).
 */
export function skipWithoutThirdPartyFixtures(specFile: string): void {
  if (hasThirdPartyFixtures) return;
  const notice = missingFixturesNotice(basename(specFile));
  console.log(notice);
  test.skip(true, notice);
}
