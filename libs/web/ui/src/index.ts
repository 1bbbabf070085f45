import './lib/theme.css';

export * from './lib/spinner/spinner';
export * from './lib/error-retry/error-retry';
export * from './lib/pagination/pagination';
export * from './lib/pagination/page-numbers';
export * from './lib/post-card/post-card';
export * from './lib/breadcrumb/breadcrumb';
export * from './lib/scroll-to-top/scroll-to-top';
export * from './lib/scroll-to-top/animate-scroll';
export * from './lib/banner/banner';
export * from './lib/formatted-date/formatted-date';
export * from './lib/formatted-date/format-date';
export * from './lib/rich-text/rich-text';
export * from './lib/chunk-error/chunk-error-boundary';
export * from './lib/uploaded-picture/uploaded-picture';
export * from './lib/reading-time/reading-time';
export * from './lib/ui-words/ui-words';
