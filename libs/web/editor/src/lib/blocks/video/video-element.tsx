import { useRef } from 'react';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlateStatic } from 'slate-react';
import { defaultVideoTitle, VIDEO_PROVIDERS } from '@blog/shared/html';
import { BlockField, useElementPath } from '../../elements/block-field';
import { FileInput } from '../../toolbar/file-input';
import { galleryUploader } from '../gallery/commands';
import { setVideoField, setVideoPoster } from './commands';
import type { VideoElement as VideoNode } from './video';

/**
 * A video as visitors see it before they play it (the facade's classes, drawn by the rich-text
 * stylesheet): its poster (while it is fetched, a note says so), the play button and its title, a link
 * to the video on its site; the title and caption are plain-text fields.
 */
export function VideoElement({ attributes, children, element }: RenderElementProps & { element: VideoNode }) {
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const path = useElementPath(element);
  const provider = VIDEO_PROVIDERS[element.provider];
  const input = useRef<HTMLInputElement>(null);
  return (
    <figure {...attributes} className={selected && focused ? 'video rte-video rte-image-selected' : 'video rte-video'}>
      <div contentEditable={false}>
        <div className="video-play" data-pending={element.pending ? 'true' : undefined}>
          {element.poster && <img src={element.poster} alt="" draggable={false} />}
          <span className="video-title">{element.title || defaultVideoTitle(element.provider)}</span>
        </div>
        <p className="rte-video-source">
          {element.pending ? "Fetching the video's picture… " : ''}
          <a href={provider.watch(element.videoId)} target="_blank" rel="noopener noreferrer">
            {provider.label}: {element.videoId}
          </a>
        </p>
        {!element.pending && (
          <p className="rte-video-picture">
            <button type="button" className="rte-block-button" onClick={() => input.current?.click()}>
              {element.poster ? 'Change picture' : 'Choose picture'}
            </button>
            {element.poster && (
              <button
                type="button"
                className="rte-block-button"
                onClick={() => setVideoPoster(editor, ReactEditor.findPath(editor, element), null)}
              >
                Remove picture
              </button>
            )}
            <FileInput
              ref={input}
              className="rte-video-picture-input"
              onFiles={(files) =>
                // The same uploads as a gallery's photos (progress, errors); the first file chosen is the picture.
                galleryUploader(editor)?.(files.slice(0, 1), ([url]) => {
                  if (url) setVideoPoster(editor, ReactEditor.findPath(editor, element), url);
                })
              }
            />
          </p>
        )}
        <BlockField
          label="Video title"
          value={element.title ?? ''}
          onChange={(value) => setVideoField(editor, path(), 'title', value)}
        />
        <figcaption>
          <BlockField
            label="Video caption"
            value={element.caption ?? ''}
            onChange={(value) => setVideoField(editor, path(), 'caption', value)}
          />
        </figcaption>
      </div>
      {children}
    </figure>
  );
}
