import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { toSlug } from '@blog/shared/html';

/**
 * Fills the slug from the title as the user types ("Tiếng Anh cơ bản" → "tieng-anh-co-ban") until
 * the slug is edited by hand; an existing record's slug is never rewritten. Answers the slug input's props.
 */
export function useSlugFromTitle<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'watch' | 'setValue' | 'register'>,
  titleField: Path<T>,
  slugField: Path<T>,
  keepExisting: boolean,
) {
  const edited = useRef(keepExisting);
  const title = form.watch(titleField) as string;

  useEffect(() => {
    if (!edited.current) {
      form.setValue(slugField, toSlug(title ?? '') as PathValue<T, Path<T>>, { shouldDirty: true });
    }
  }, [title, form, slugField]);

  const registered = form.register(slugField);
  return {
    ...registered,
    onChange: (event: { target: { value: string } }) => {
      edited.current = event.target.value !== '';
      return registered.onChange(event);
    },
  };
}
