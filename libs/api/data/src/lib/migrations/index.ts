import { InitialSchema1763800000000 } from './1763800000000-initial-schema';

/** Every migration, in order. Listed explicitly so the bundled server needs no file globbing. */
export const migrations = [InitialSchema1763800000000];
