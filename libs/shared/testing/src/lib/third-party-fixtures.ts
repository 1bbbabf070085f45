/**
 * The exports other projects wrote (WordPress's Theme Unit Test, a Ghost 5.130 site with its images) are
 * not ours to commit, so specs read them from the folder the `BLOG_FIXTURES_DIR` setting names (relative to
 * the workspace root; `../shared/fixtures`, beside the checkout, by default). Where it is missing, as in a
 * bare clone, the specs needing it are skipped with a notice naming it; CI has it, and checks so first:
 *
 *   node -r @swc-node/register libs/shared/testing/src/lib/third-party-fixtures.ts   (fails, saying why, when it is missing)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const THIRD_PARTY_FIXTURES_SETTING = 'BLOG_FIXTURES_DIR';

const workspaceRoot = resolve(__dirname, '../../../../..');

export const THIRD_PARTY_FIXTURES = resolve(
  workspaceRoot,
  process.env[THIRD_PARTY_FIXTURES_SETTING] || '../shared/fixtures',
);

export const hasThirdPartyFixtures = existsSync(THIRD_PARTY_FIXTURES);

/** Why `what` is skipped, in one line. */
export function missingFixturesNotice(what: string): string {
  return `Skipped ${what}: the third-party fixtures folder ${THIRD_PARTY_FIXTURES} is missing (${THIRD_PARTY_FIXTURES_SETTING} names it).`;
}

if (require.main === module && !hasThirdPartyFixtures) {
  console.error(
    `The third-party fixtures folder ${THIRD_PARTY_FIXTURES} is missing: put it there or set ${THIRD_PARTY_FIXTURES_SETTING} to where it is.`,
  );
  process.exit(1);
}
