import { keepPreviousData } from '@tanstack/react-query';
import type { Language } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';
import type { TranslationsAdapter } from '../languages/translations-panel';

/** A post's versions for the Translations panel: `posts.translate` makes a draft, opened on its edit screen. */
export function usePostTranslations(): TranslationsAdapter {
  const utils = trpc.useUtils();
  const translate = trpc.posts.translate.useMutation();
  const link = trpc.posts.linkTranslation.useMutation();
  const unlink = trpc.posts.unlinkTranslation.useMutation();
  return {
    noun: 'post',
    searchBy: 'title',
    created: LABELS.languages.created,
    translate: translate.mutateAsync,
    link: link.mutateAsync,
    unlink: unlink.mutateAsync,
    useCandidates: usePostCandidates,
    refresh: () => utils.posts.invalidate(),
    editPath: (id) => `/admin/edit-post/${id}`,
  };
}

/** The posts of `language` whose title contains `term`, found by the server (`posts.adminList`). */
function usePostCandidates(language: Language, term: string) {
  return trpc.posts.adminList.useQuery(
    { language, ...(term ? { q: term } : {}) },
    { placeholderData: keepPreviousData, select: (found) => found.rows },
  );
}
