export * from './lib/sources/source-model';
export * from './lib/imports.module';
export * from './lib/imports.service';
export * from './lib/imports.router';
export { GHOST_EXPORT_MAX_BYTES, readGhost, type ReadGhostOptions } from './lib/sources/ghost/ghost-reader';
export { ghostImagePaths, ghostZipPathCandidates } from './lib/sources/ghost/ghost-images';
