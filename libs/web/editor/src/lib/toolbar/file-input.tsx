import type { Ref } from 'react';

/**
 * A hidden chooser of several images of any type, HEIC photos included (the toolbar's image menu, the
 * slash menu and a gallery's "Add photos" click it); with `accept` and `multiple={false}`, of one
 * file of other types (an audio clip).
 */
export function FileInput({
  ref,
  className,
  onFiles,
  accept = 'image/*,.heic,.heif',
  multiple = true,
}: {
  ref: Ref<HTMLInputElement>;
  className: string;
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple={multiple}
      hidden
      tabIndex={-1}
      aria-hidden="true"
      className={className}
      data-testid={className}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
