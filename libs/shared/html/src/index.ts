export * from './lib/editor-constants';
export * from './lib/urls';
export * from './lib/sanitize';
export * from './lib/slug';
export * from './lib/video-embeds';
export * from './lib/vocabulary';
export * from './lib/footnotes';
export * from './lib/plain-text';
