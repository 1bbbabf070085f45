/** The portfolio's order: featured projects first, each group in the owner's order (the list's own). */
export function featuredFirst<T extends { featured: boolean }>(projects: readonly T[]): T[] {
  return [...projects].sort((a, b) => Number(b.featured) - Number(a.featured));
}
