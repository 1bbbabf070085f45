import { useRef } from 'react';
import { Editor, Node, type Path } from 'slate';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlateStatic } from 'slate-react';
import { defaultVideoTitle, PARTS_OF_SPEECH, VIDEO_PROVIDERS, type VocabularyField } from '@blog/shared/html';
import { UPLOAD_AUDIO_ACCEPT } from '@blog/contracts';
import type {
  AudioElement as AudioNode,
  TableElement as TableNode,
  VideoElement as VideoNode,
  VocabularyElement as VocabularyNode,
  GalleryElement as GalleryNode,
} from '../custom-types';
import { setTableCaption } from '../commands/table';
import { FileInput } from '../toolbar/file-input';
import { setVideoField, setVideoPoster } from '../commands/insert-video';
import {
  addGalleryImages,
  galleryUploader,
  moveGalleryImage,
  removeGalleryImage,
  setGalleryField,
} from '../commands/gallery';
import {
  addVocabularyEntry,
  removeVocabularyEntry,
  setVocabularyAudio,
  setVocabularyField,
} from '../commands/vocabulary';
import { audioUploader, setAudioCaption } from '../commands/audio';
import { isVocabulary } from '../nodes';
import { BlockField, useElementPath, useOwnEvents } from './block-field';

/**
 * The editor's tables, rules, callouts and poems, in the markup and classes their HTML has (so the
 * shared rich-text stylesheet draws them the same here and on the public page). A table's caption
 * and a poem's title and author are plain-text fields beside the editable text.
 */
export function TableElement({ attributes, children, element }: RenderElementProps & { element: TableNode }) {
  const editor = useSlateStatic();
  // Found when a field changes, as in every block here: a block inserted above moves this one without
  // drawing it again, so a path found while drawing would be another block's.
  const path = useElementPath(element);
  return (
    <div {...attributes} className="table-scroll">
      <table className={element.header ? 'rte-table rte-table-header' : 'rte-table'}>
        <caption contentEditable={false}>
          <BlockField
            label="Table caption"
            value={element.caption ?? ''}
            onChange={(value) => setTableCaption(editor, path(), value)}
          />
        </caption>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

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

/**
 * An audio clip being written: the player as visitors get it (nothing loads before play), and its
 * caption as a plain-text field.
 */
export function AudioElement({ attributes, children, element }: RenderElementProps & { element: AudioNode }) {
  const editor = useSlateStatic();
  const selected = useSelected();
  const focused = useFocused();
  const path = useElementPath(element);
  return (
    <figure {...attributes} className={selected && focused ? 'audio rte-audio rte-image-selected' : 'audio rte-audio'}>
      <div contentEditable={false}>
        <audio controls preload="none" src={element.url} />
        <figcaption>
          <BlockField
            label="Audio caption"
            value={element.caption ?? ''}
            onChange={(value) => setAudioCaption(editor, path(), value)}
          />
        </figcaption>
      </div>
      {children}
    </figure>
  );
}

/**
 * A vocabulary word's pronunciation: its player and "Remove" once there is one, else "Add
 * pronunciation" (an audio file uploaded, progress and failures shown under the editor).
 */
function Pronunciation({
  index,
  word,
  audio,
  path,
}: {
  index: number;
  word: string;
  audio?: string;
  path: () => Path;
}) {
  const editor = useSlateStatic();
  const inputRef = useRef<HTMLInputElement>(null);
  const name = word.trim() || `word ${index + 1}`;
  const upload = audioUploader(editor);
  if (audio)
    return (
      <span className="rte-pronunciation">
        <audio
          className="vocabulary-audio"
          controls
          preload="none"
          src={audio}
          aria-label={`Pronunciation of ${name}`}
        />
        <button
          type="button"
          className="rte-block-button"
          onClick={() => setVocabularyAudio(editor, path(), index, null)}
        >
          Remove pronunciation {index + 1}
        </button>
      </span>
    );
  if (!upload) return null;
  return (
    <span className="rte-pronunciation">
      <button type="button" className="rte-block-button" onClick={() => inputRef.current?.click()}>
        Add pronunciation {index + 1}
      </button>
      <FileInput
        ref={inputRef}
        className="rte-pronunciation-input"
        accept={UPLOAD_AUDIO_ACCEPT}
        multiple={false}
        onFiles={([file]) => {
          // The block is followed through the edits made while it uploads (gone: nothing to do).
          const ref = Editor.pathRef(editor, path());
          upload(file, (url) => {
            const at = ref.unref();
            if (at && isVocabulary(Node.get(editor, at))) setVocabularyAudio(editor, at, index, url);
          });
        }}
      />
    </span>
  );
}

const VOCABULARY_LABELS: Record<Exclude<VocabularyField, 'pos'>, { label: string; lang?: string; optional?: false }> = {
  word: { label: 'Word', lang: 'en', optional: false },
  ipa: { label: 'IPA' },
  meaning: { label: 'Meaning (Vietnamese)', lang: 'vi' },
  example: { label: 'Example', lang: 'en' },
};

/**
 * A lesson's vocabulary, in the look of its public list: each word's fields (word, IPA, part of
 * speech, Vietnamese meaning, example), "Remove word", and "Add a word" at the end.
 */
export function VocabularyElement({ attributes, children, element }: RenderElementProps & { element: VocabularyNode }) {
  const editor = useSlateStatic();
  const ownEvents = useOwnEvents();
  const selected = useSelected();
  const focused = useFocused();
  const path = useElementPath(element);
  const field = (index: number, name: Exclude<VocabularyField, 'pos'>, value: string | undefined) => (
    <BlockField
      label={`${VOCABULARY_LABELS[name].label} ${index + 1}`}
      optional={VOCABULARY_LABELS[name].optional ?? true}
      lang={VOCABULARY_LABELS[name].lang}
      value={value ?? ''}
      onChange={(next) => setVocabularyField(editor, path(), index, name, next)}
    />
  );
  return (
    <div {...attributes} className={selected && focused ? 'rte-vocabulary rte-image-selected' : 'rte-vocabulary'}>
      <dl className="vocabulary" contentEditable={false}>
        {element.entries.map((entry, index) => (
          // The entries have no identity of their own; their order is theirs.
          // eslint-disable-next-line react/no-array-index-key
          <div key={index} className="vocabulary-entry">
            <dt>
              {field(index, 'word', entry.word)}
              {field(index, 'ipa', entry.ipa)}
              <Pronunciation index={index} word={entry.word} audio={entry.audio} path={path} />
              <select
                className="rte-block-field"
                aria-label={`Part of speech ${index + 1}`}
                value={entry.pos ?? ''}
                {...ownEvents}
                onChange={(event) => setVocabularyField(editor, path(), index, 'pos', event.target.value)}
              >
                <option value="">Part of speech (optional)</option>
                {PARTS_OF_SPEECH.map((pos) => (
                  <option key={pos} value={pos}>
                    {pos}
                  </option>
                ))}
              </select>
            </dt>
            <dd>{field(index, 'meaning', entry.meaning)}</dd>
            <dd>{field(index, 'example', entry.example)}</dd>
            <button
              type="button"
              className="rte-block-button"
              onClick={() => removeVocabularyEntry(editor, path(), index)}
            >
              Remove word {index + 1}
            </button>
          </div>
        ))}
        <button type="button" className="rte-block-button" onClick={() => addVocabularyEntry(editor, path())}>
          Add a word
        </button>
      </dl>
      {children}
    </div>
  );
}

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
