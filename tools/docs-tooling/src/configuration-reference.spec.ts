import { spawnSync } from 'node:child_process';
import { workspaceRoot } from '@nx/devkit';

describe('docs/operations/configuration-reference.md', () => {
  it('is committed exactly as `npm run config-reference` writes it from the environment schema', () => {
    // Run as the command runs (outside Jest): Prettier, which formats the page, loads ES modules.
    const check = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', 'tools/scripts/config-reference.ts', '--check'],
      { cwd: workspaceRoot, env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' }, encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
