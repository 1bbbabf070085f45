import type { ProjectCard } from '@blog/contracts';

/** "2024", or a period "2022–2024" (ongoing work is dated by its first year until the owner ends it). */
export function projectYears(project: Pick<ProjectCard, 'year_from' | 'year_to'>): string {
  const { year_from: from, year_to: to } = project;
  return to === null || to === from ? String(from) : `${from}–${to}`;
}
