import { join } from 'node:path';
import { workspaceRoot } from '@nx/devkit';

/** The real exports no one here wrote (`../shared/fixtures` beside the checkout): read only. */
export const SHARED_FIXTURES = join(workspaceRoot, '..', 'shared', 'fixtures');
export const WORDPRESS_FIXTURE = join(SHARED_FIXTURES, 'wordpress/themeunittestdata.wordpress.xml');
export const GHOST_FIXTURE = join(SHARED_FIXTURES, 'ghost/ghost-5.130-export.json');
export const GHOST_IMAGES_FIXTURE = join(SHARED_FIXTURES, 'ghost/content/images');
