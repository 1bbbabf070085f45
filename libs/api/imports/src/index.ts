export * from './lib/sources/source-model';
export { GHOST_EXPORT_MAX_BYTES, readGhost, type ReadGhostOptions } from './lib/sources/ghost/ghost-reader';
export { ghostImagePaths, ghostZipPathCandidates } from './lib/sources/ghost/ghost-images';
