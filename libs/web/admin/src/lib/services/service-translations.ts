import type { Language, Service } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { LABELS } from '../labels';
import { titleMatches, type TranslationsAdapter } from '../languages/translations-panel';

/**
 * A service's versions for the Translations panel: `services.translate` makes a hidden one, which opens
 * in the Services screen's modal (as Edit does a linked one).
 */
export function useServiceTranslations(edit: (service: Service) => void): TranslationsAdapter {
  const utils = trpc.useUtils();
  const setMessage = useActionNotice();
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
    // Opened as read again after its group changed (`refresh`), saying `notice` when it was just made.
    open: (id, notice) => {
      const version = utils.services.adminList.getData()?.find((each) => each.id === id);
      if (!version) return;
      edit(version);
      if (notice) setMessage({ success: notice });
    },
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
