import type { Language } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';
import { titleMatches, type TranslationsAdapter } from '../languages/translations-panel';

/** A project's versions for the Translations panel: `projects.translate` makes a draft, opened on its edit screen. */
export function useProjectTranslations(): TranslationsAdapter {
  const utils = trpc.useUtils();
  const translate = trpc.projects.translate.useMutation();
  const link = trpc.projects.linkTranslation.useMutation();
  const unlink = trpc.projects.unlinkTranslation.useMutation();
  return {
    noun: 'project',
    searchBy: 'title',
    created: LABELS.languages.created,
    translate: translate.mutateAsync,
    link: link.mutateAsync,
    unlink: unlink.mutateAsync,
    useCandidates: useProjectCandidates,
    refresh: () => utils.projects.invalidate(),
    editPath: (id) => `/admin/edit-project/${id}`,
  };
}

/** The projects of `language` whose title contains `term` (the projects list is read whole and searched here). */
function useProjectCandidates(language: Language, term: string) {
  return trpc.projects.adminList.useQuery(
    { language },
    { select: (rows) => rows.filter((project) => titleMatches(project.title, term)) },
  );
}
