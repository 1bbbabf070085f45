import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  ALT_TEXT_HINT,
  ALT_TEXT_MAX_LENGTH,
  PROJECT_GALLERY_MAX_COUNT,
  UPLOAD_ACCEPT,
  uploadUrl,
} from '@blog/contracts';
import { Field } from '../forms/field';
import { LABELS } from '../labels';
import { MoveButtons } from '../ordering/move-buttons';
import { uploadFile } from '../uploads/upload-file';
import type { ProjectFormApi } from './project-form';

const TEXT = LABELS.project.fields;

/**
 * The gallery: images uploaded through the upload pipeline (several at once), each with its alt text,
 * moved up or down and removed. Reports while it uploads, as the form waits for it before saving.
 */
export function GalleryField({ form, onBusyChange }: { form: ProjectFormApi; onBusyChange: (busy: boolean) => void }) {
  const { control, register, formState } = form;
  const images = useFieldArray({ control, name: 'gallery' });
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (files: File[]) => {
    setError(null);
    onBusyChange(true);
    try {
      for (const file of files.slice(0, PROJECT_GALLERY_MAX_COUNT - images.fields.length)) {
        setProgress(0);
        const { name } = await uploadFile(file, setProgress);
        images.append({ image: name, alt: '' });
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
      onBusyChange(false);
    }
  };

  return (
    <fieldset className="admin-fieldset">
      <legend>{TEXT.gallery}</legend>
      <ol className="admin-rows">
        {images.fields.map((image, index) => (
          <li key={image.id}>
            <img src={uploadUrl(image.image) ?? ''} alt="" width={100} className="admin-preview" />
            <Field
              label={TEXT.galleryAlt(index + 1)}
              hint={ALT_TEXT_HINT}
              maxLength={ALT_TEXT_MAX_LENGTH}
              error={formState.errors.gallery?.[index]?.alt?.message}
              {...register(`gallery.${index}.alt`)}
            />
            <MoveButtons
              name={TEXT.galleryImage(index + 1)}
              first={index === 0}
              last={index === images.fields.length - 1}
              onMove={(direction) => images.move(index, direction === 'up' ? index - 1 : index + 1)}
            />
            <button type="button" className="admin-button admin-button--danger" onClick={() => images.remove(index)}>
              {TEXT.galleryRemove(index + 1)}
            </button>
          </li>
        ))}
      </ol>
      <div className="admin-field">
        <label htmlFor={id}>{TEXT.galleryAdd}</label>
        <input
          id={id}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={images.fields.length >= PROJECT_GALLERY_MAX_COUNT}
          onChange={(event) => {
            void upload(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {progress !== null && (
        <div role="status" className="admin-upload-progress">
          <progress max={1} value={progress} aria-label={`Uploading ${TEXT.gallery}`} /> {Math.round(progress * 100)}%
        </div>
      )}
      {(error ?? formState.errors.gallery?.message) && (
        <p role="alert" className="admin-field-error">
          {error ?? formState.errors.gallery?.message}
        </p>
      )}
    </fieldset>
  );
}
