import type { Language, Service } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';
import { candidatesNamed, useOpenInModal } from '../languages/modal-translations';
import type { TranslationsAdapter } from '../languages/translations-panel';

/**
 * A service's versions for the Translations panel: `services.translate` makes a hidden one, which opens
 * in the Services screen's modal (as Edit does a linked one).
 */
export function useServiceTranslations(edit: (service: Service) => void): TranslationsAdapter {
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
    open: useOpenInModal(() => utils.services.adminList.getData(), edit),
  };
}

/** The services of `language` whose name contains `term`. */
function useServiceCandidates(language: Language, term: string) {
  return trpc.services.adminList.useQuery({ language }, { select: candidatesNamed(term) });
}
