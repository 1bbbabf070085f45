import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { RichTextEditor, uploadEditorAudio, uploadEditorImage, type useEditorImages } from './lazy-editor';

/**
 * A form's rich-text field: its label, the Slate editor bound to the form (uploads, pasted pictures
 * imported, the save held while they run: `images`) and its error. The editor loads lazily: render it
 * inside a `Suspense`.
 */
export function RichTextField<Values extends FieldValues, Output extends FieldValues>({
  id,
  name,
  label,
  control,
  error,
  images,
}: {
  /** Names the label the editor is labelled by. */
  id: string;
  name: FieldPathByValue<Values, string | undefined>;
  label: string;
  control: Control<Values, unknown, Output>;
  error?: string;
  images: ReturnType<typeof useEditorImages>;
}) {
  const labelId = `${id}-label`;
  return (
    <div className="admin-field">
      <span id={labelId} className="admin-label">
        {label}
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-labelledby={labelId}
            aria-invalid={error ? true : undefined}
            uploadImage={uploadEditorImage}
            uploadAudio={uploadEditorAudio}
            importImage={images.importImage}
            importVideoPoster={images.importVideoPoster}
            onBusyChange={images.busyChange(name)}
          />
        )}
      />
      {error && <p className="admin-field-error">{error}</p>}
    </div>
  );
}
