// For component tests and their harnesses only, apart from the production barrel (`@blog/web/data`).
export * from './memory-link';
