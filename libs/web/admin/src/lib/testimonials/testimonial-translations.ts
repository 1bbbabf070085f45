import type { Language, Testimonial } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { LABELS } from '../labels';
import { candidatesNamed, useOpenInModal } from '../languages/modal-translations';
import type { TranslationsAdapter } from '../languages/translations-panel';

/**
 * A testimonial's versions for the Translations panel: `testimonials.translate` makes a hidden one, which opens
 * in the Testimonials screen's modal (as Edit does a linked one).
 */
export function useTestimonialTranslations(edit: (testimonial: Testimonial) => void): TranslationsAdapter {
  const utils = trpc.useUtils();
  const translate = trpc.testimonials.translate.useMutation();
  const link = trpc.testimonials.linkTranslation.useMutation();
  const unlink = trpc.testimonials.unlinkTranslation.useMutation();
  return {
    noun: 'testimonial',
    searchBy: 'name',
    created: LABELS.languages.createdHidden,
    translate: translate.mutateAsync,
    link: link.mutateAsync,
    unlink: unlink.mutateAsync,
    useCandidates: useTestimonialCandidates,
    refresh: () => utils.testimonials.invalidate(),
    open: useOpenInModal(() => utils.testimonials.adminList.getData(), edit),
  };
}

/** The testimonials of `language` whose person's name contains `term`. */
function useTestimonialCandidates(language: Language, term: string) {
  return trpc.testimonials.adminList.useQuery({ language }, { select: candidatesNamed(term) });
}
