import type { PublicProject } from '@blog/contracts';

/** The portfolio's order: featured projects first, each group in the owner's order (the list's own). */
export function featuredFirst(projects: readonly PublicProject[]): PublicProject[] {
  return [...projects].sort((a, b) => Number(b.featured) - Number(a.featured));
}
