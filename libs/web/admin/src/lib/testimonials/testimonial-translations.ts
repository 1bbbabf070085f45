import type { Language, Testimonial } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { useActionNotice } from '../forms/action-notice';
import { LABELS } from '../labels';
import { titleMatches, type TranslationsAdapter } from '../languages/translations-panel';

/**
 * A testimonial's versions for the Translations panel: `testimonials.translate` makes a hidden one, which
 * `open` shows in the Testimonials screen's modal (as Edit does a linked one).
 */
export function useTestimonialTranslations(edit: (testimonial: Testimonial) => void): TranslationsAdapter {
  const utils = trpc.useUtils();
  const setMessage = useActionNotice();
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
    // Opened as read again after its group changed (`refresh`), saying `notice` when it was just made.
    open: (id, notice) => {
      const version = utils.testimonials.adminList.getData()?.find((each) => each.id === id);
      if (!version) return;
      edit(version);
      if (notice) setMessage({ success: notice });
    },
  };
}

/** The testimonials of `language` whose person's name contains `term`. */
function useTestimonialCandidates(language: Language, term: string) {
  return trpc.testimonials.adminList.useQuery(
    { language },
    {
      select: (rows) =>
        rows
          .filter((testimonial) => titleMatches(testimonial.name, term))
          .map((testimonial) => ({
            id: testimonial.id,
            title: testimonial.name,
            translations: testimonial.translations,
          })),
    },
  );
}
