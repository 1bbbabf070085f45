import { useRef } from 'react';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlateStatic } from 'slate-react';
import { BlockField, useElementPath } from '../../elements/block-field';
import { FileInput } from '../../toolbar/file-input';
import { addGalleryImages, galleryUploader, moveGalleryImage, removeGalleryImage, setGalleryField } from './commands';
import type { GalleryElement as GalleryNode } from './gallery';

/**
 * A gallery being written: its photos in the public grid, each with its alt text and caption fields,
 * "earlier" / "later" to order them, "Remove"; "Add photos" uploads more into it.
 */
export function GalleryElement({ attributes, children, element }: RenderElementProps & { element: GalleryNode }) {
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const path = useElementPath(element);
  const input = useRef<HTMLInputElement>(null);
  const count = element.images.length;
  return (
    <div {...attributes} className={selected && focused ? 'rte-gallery rte-image-selected' : 'rte-gallery'}>
      <div className="gallery" contentEditable={false}>
        {element.images.map((image, index) => {
          const n = index + 1;
          return (
            // The photos have no identity of their own but their place.
            // eslint-disable-next-line react/no-array-index-key
            <figure key={`${index}-${image.url}`} className="gallery-item">
              <img src={image.url} alt={image.alt ?? ''} draggable={false} />
              <BlockField
                label={`Alt text ${n}`}
                value={image.alt ?? ''}
                optional={false}
                onChange={(value) => setGalleryField(editor, path(), index, 'alt', value)}
              />
              <BlockField
                label={`Caption ${n}`}
                value={image.caption ?? ''}
                onChange={(value) => setGalleryField(editor, path(), index, 'caption', value)}
              />
              <span className="rte-gallery-actions">
                <button
                  type="button"
                  className="rte-block-button"
                  aria-label={`Move photo ${n} earlier`}
                  disabled={index === 0}
                  onClick={() => moveGalleryImage(editor, path(), index, -1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="rte-block-button"
                  aria-label={`Move photo ${n} later`}
                  disabled={index === count - 1}
                  onClick={() => moveGalleryImage(editor, path(), index, 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className="rte-block-button"
                  onClick={() => removeGalleryImage(editor, path(), index)}
                >
                  Remove photo {n}
                </button>
              </span>
            </figure>
          );
        })}
      </div>
      <div contentEditable={false}>
        <button type="button" className="rte-block-button" onClick={() => input.current?.click()}>
          Add photos
        </button>
        <FileInput
          ref={input}
          className="rte-gallery-add-input"
          onFiles={(files) =>
            galleryUploader(editor)?.(files, (urls) =>
              addGalleryImages(editor, ReactEditor.findPath(editor, element), urls),
            )
          }
        />
      </div>
      {children}
    </div>
  );
}
