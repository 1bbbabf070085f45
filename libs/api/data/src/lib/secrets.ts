import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A random secret generated on first use and kept in `dir/name` (mode 0600), so that
 * restarts of a self-hosted site keep the same value without any configuration.
 */
export function readOrCreateSecret(dir: string, name: string): string {
  const file = join(dir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}
