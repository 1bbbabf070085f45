import type { Language } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';
import { titleMatches, type TranslationsAdapter } from '../languages/translations-panel';

/**
 * A service's versions for the Translations panel: `services.translate` makes a hidden one, which `open`
 * shows in the Services screen's modal (as Edit does a linked one).
 */
export function useServiceTranslations(open: (id: number, notice?: string) => void): TranslationsAdapter {
  const utils = trpc.useUtils();
  const translate = trpc.services.translate.useMutation();
  const link = trpc.services.linkTranslation.useMutation();
  const unlink = trpc.services.unlinkTranslation.useMutation();
  return {
    noun: 'service',
    searchBy: 'name',
    created: LABELS.languages.createdHidden,
    translate: translate.mutateAsync,
    link: link.mutateAsync,
    unlink: unlink.mutateAsync,
    useCandidates: useServiceCandidates,
    refresh: () => utils.services.invalidate(),
    open,
  };
}

/** The services of `language` whose name contains `term`. */
function useServiceCandidates(language: Language, term: string) {
  return trpc.services.adminList.useQuery(
    { language },
    {
      select: (rows) =>
        rows
          .filter((service) => titleMatches(service.name, term))
          .map((service) => ({ id: service.id, title: service.name, translations: service.translations })),
    },
  );
}
