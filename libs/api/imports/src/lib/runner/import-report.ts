import type { ImportCounts, ImportReport } from '@blog/contracts';

const noCounts = (): ImportCounts => ({
  categories: 0,
  posts: 0,
  projects: 0,
  testimonials: 0,
  comments: 0,
  images: 0,
  redirects: 0,
});

export const emptyReport = (): ImportReport => ({
  created: noCounts(),
  skipped: noCounts(),
  overwritten: noCounts(),
  failed: [],
  missing_images: [],
  warnings: [],
  authors: [],
});
