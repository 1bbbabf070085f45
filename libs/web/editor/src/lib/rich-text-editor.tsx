import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Editor, Range, Transforms, type Descendant, type NodeEntry, type RangeRef } from 'slate';
import { HistoryEditor } from 'slate-history';
import { Editable, ReactEditor, Slate } from 'slate-react';
import isHotkey, { isKeyHotkey } from 'is-hotkey';
import { RICH_TEXT_CLASS } from '@blog/web/ui';
import type { CustomEditor, HeadingLevel, MarkFormat } from './custom-types';
import { createRichTextEditor } from './create-editor';
import { activeLink } from './commands/queries';
import { changeIndent } from './commands/change-indent';
import { insertLink, removeLink } from './commands/insert-link';
import { setHeading } from './commands/set-heading';
import { toggleList } from './commands/toggle-list';
import { toggleMark } from './commands/toggle-mark';
import { renderElement } from './elements/element';
import { renderLeaf } from './leaves/leaf';
import { useCodeHighlighting } from './highlight/use-code-highlighting';
import { isImageFile, setImageFilesHandler } from './plugins/with-image-files';
import { setPastedImagesHandler } from './plugins/pasted-images';
import { setVideoInserter } from './blocks/video/with-videos';
import { htmlToSlate } from './serialization/html-to-slate';
import { slateToHtml } from './serialization/slate-to-html';
import { LinkForm, type LinkFormValues } from './toolbar/link-form';
import { readVideoLink, UrlForm, type UrlFormKind } from './toolbar/url-form';
import { useImagePanel } from './toolbar/use-image-panel';
import { ensureSelection, Toolbar } from './toolbar/toolbar';
import {
  useImageUpload,
  type ImportImage,
  type ImportVideoPoster,
  type PlaceUploads,
  type UploadImage,
} from './upload/use-image-upload';
import { useAudioUpload, type UploadAudio } from './upload/use-audio-upload';
import { UploadError, UploadList } from './upload/upload-list';
import { setAudioUploader } from './blocks/audio/commands';
import { useSlashMenu } from './toolbar/slash-menu';
import { countWords } from './word-count';
import { insertGallery, setGalleryUploader } from './blocks/gallery/commands';
import { FocusAfterRender, focusEditor } from './focus-editor';
import { isListItem } from './nodes';
import { moveInTable } from './blocks/table/commands';
import './editor.css';

/** What a form can do with the editor through its `ref`. */
export interface RichTextEditorHandle {
  /** Puts the keyboard focus in the text (react-hook-form calls this on a validation error). */
  focus: () => void;
  /** The Slate editor, for tests and integrations. */
  editor: CustomEditor;
}

export interface RichTextEditorProps {
  /** The content, as HTML (what the editor produced, or any HTML: it is read with the editor's rules). */
  value: string;
  /** Called with the new HTML after each change of the content (not of the selection). '' when empty. */
  onChange: (html: string) => void;
  /** Uploads an image and resolves to its URL (e.g. `/uploads/{name}`); a rejection is shown to the user. */
  uploadImage?: UploadImage;
  /**
   * Uploads an audio clip (MP3, M4A, OGG or WAV) and resolves to its URL (`/uploads/{name}`); a
   * rejection is shown to the user. Without it, there is no audio block or pronunciation upload.
   */
  uploadAudio?: UploadAudio;
  /**
   * Has the server import an image from another site (pasted HTML's remote images, "Insert image
   * from a URL") and resolves to its URL on this site; a rejection is shown to the user.
   */
  importImage?: ImportImage;
  /**
   * Has the server find a video's picture and title (Vimeo's through its oEmbed answer) and store the
   * picture; without it, YouTube's thumbnail goes through `importImage` and a Vimeo video has none
   * until the owner chooses one.
   */
  importVideoPoster?: ImportVideoPoster;
  /**
   * Called with true while images are being uploaded or imported, then false: a form should not save
   * meanwhile (the images are not in the HTML until they are on this site).
   */
  onBusyChange?: (busy: boolean) => void;
  /** The id of the editable area. */
  id?: string;
  /** The accessible name of the editable area, when no visible label names it. */
  label?: string;
  /** The id of the visible label that names the editable area. */
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  placeholder?: string;
  readOnly?: boolean;
  /** Called when the focus leaves the editable area. */
  onBlur?: () => void;
  /** When set, a hidden input of this name carries the HTML, for plain form posts. */
  name?: string;
  className?: string;
  ref?: Ref<RichTextEditorHandle>;
  /** Receives the Slate editor once created (tests, integrations). */
  onEditor?: (editor: CustomEditor) => void;
}

interface LinkFormState {
  editing: boolean;
  askText: boolean;
  url: string;
  newTab: boolean;
  /** The selection to link, kept (through any change meanwhile) while the form has the focus. */
  at: RangeRef | null;
}

const MARK_HOTKEYS: Array<[string, MarkFormat]> = [
  ['mod+b', 'bold'],
  ['mod+i', 'italic'],
  ['mod+u', 'underline'],
  ['mod+shift+x', 'strike'],
];

/** Replaces the whole document (a new `value` from outside): no undo step, history cleared. */
function replaceDocument(editor: CustomEditor, document: Descendant[]): void {
  HistoryEditor.withoutSaving(editor, () => {
    Editor.withoutNormalizing(editor, () => {
      Transforms.deselect(editor);
      Transforms.setChildren(editor, document);
    });
  });
  editor.history = { undos: [], redos: [] };
}

/**
 * The rich-text editor of the admin (post content, short content, About page), on Slate, in Quill's
 * "snow" look. Controlled: `value` is HTML in, `onChange` HTML out, in exactly the form the shared
 * HTML policy keeps (what it produces is what the server stores).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const {
    value,
    onChange,
    uploadImage,
    uploadAudio,
    importImage,
    importVideoPoster,
    onBusyChange,
    placeholder,
    readOnly = false,
    onBlur,
    name,
    className,
    ref,
    onEditor,
  } = props;
  const generatedId = useId();
  const editableId = props.id ?? `${generatedId}-editable`;
  const [editor] = useState(() => createRichTextEditor());
  const [initialValue] = useState<Descendant[]>(() => htmlToSlate(value));
  const [html, setHtml] = useState(value);
  const lastValue = useRef(value);
  const lastSerialized = useRef(slateToHtml(initialValue));
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [linkForm, setLinkForm] = useState<LinkFormState | null>(null);
  const [urlForm, setUrlForm] = useState<UrlFormKind | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [wordCount, setWordCount] = useState(() => countWords(initialValue));
  const rootRef = useRef<HTMLDivElement>(null);
  const uploads = useImageUpload(editor, uploadImage, importImage, importVideoPoster);
  const audio = useAudioUpload(editor, uploadAudio);
  const busy = uploads.pending + uploads.importing + audio.pending > 0;
  const onBusyChangeRef = useRef(onBusyChange);
  onBusyChangeRef.current = onBusyChange;
  useEffect(() => {
    onBusyChangeRef.current?.(busy);
  }, [busy]);
  const { decorate, refresh } = useCodeHighlighting(editor);
  const imagePanel = useImagePanel(editor);

  useImperativeHandle(ref, () => ({ editor, focus: () => ReactEditor.focus(editor) }), [editor]);

  useEffect(() => {
    onEditor?.(editor);
  }, [editor, onEditor]);

  // Files dropped or pasted: PNG, JPEG and HEIC are uploaded, anything else is refused with a message.
  const { upload, fail, resolvePasted } = uploads;
  useEffect(() => {
    setImageFilesHandler(editor, (images, refused) => {
      if (refused.length > 0) {
        const names = refused.map((file) => file.name || file.type || 'file').join(', ');
        fail(`Only PNG, JPEG and HEIC images can be dropped or pasted (${names} was not added).`);
      }
      upload(images);
    });
    return () => setImageFilesHandler(editor, null);
  }, [editor, upload, fail]);

  // Images in pasted HTML (data:, remote, Word's files) are put on this site, or removed and reported.
  useEffect(() => {
    setPastedImagesHandler(editor, resolvePasted);
    return () => setPastedImagesHandler(editor, null);
  }, [editor, resolvePasted]);

  // A vocabulary word's pronunciation is uploaded like an audio block's clip.
  const { upload: uploadClip } = audio;
  useEffect(() => {
    setAudioUploader(editor, uploadAudio ? uploadClip : null);
    return () => setAudioUploader(editor, null);
  }, [editor, uploadClip, uploadAudio]);

  // A video link pasted on an empty line: the video, its thumbnail fetched to this site.
  const { insertVideo } = uploads;
  useEffect(() => {
    setVideoInserter(editor, insertVideo);
    return () => setVideoInserter(editor, null);
  }, [editor, insertVideo]);

  // A new value from outside (a form reset, a loaded post) replaces the document.
  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    setHtml(value);
    const document = htmlToSlate(value);
    const incoming = slateToHtml(document);
    if (incoming === lastSerialized.current) return;
    lastSerialized.current = incoming;
    replaceDocument(editor, document);
    refresh();
  }, [value, editor, refresh]);

  const openLinkForm = useCallback(() => {
    ensureSelection(editor);
    const { selection } = editor;
    const link = activeLink(editor);
    const at = selection && Editor.rangeRef(editor, selection);
    setLinkForm((previous) => {
      previous?.at?.unref();
      return {
        editing: link !== null,
        askText: link === null && (!selection || Range.isCollapsed(selection)),
        url: link?.[0].url ?? '',
        newTab: link?.[0].newTab === true,
        at,
      };
    });
  }, [editor]);

  /** Closes the link form, putting back the selection it was opened on. */
  const leaveLinkForm = useCallback(() => {
    const at = linkForm?.at?.unref();
    setLinkForm(null);
    if (at) Transforms.select(editor, at);
  }, [editor, linkForm]);

  const closeLinkForm = useCallback(() => {
    leaveLinkForm();
    focusEditor(editor);
  }, [editor, leaveLinkForm]);

  const submitLink = useCallback(
    ({ url, newTab, text }: LinkFormValues) => {
      leaveLinkForm();
      insertLink(editor, { url, newTab, text });
      focusEditor(editor);
    },
    [editor, leaveLinkForm],
  );

  const unlink = useCallback(() => {
    leaveLinkForm();
    removeLink(editor);
    focusEditor(editor);
  }, [editor, leaveLinkForm]);

  /** The image files of those chosen (the others refused with a message), uploaded into the text or `place`. */
  const uploadChosen = useCallback(
    (files: File[], place?: PlaceUploads) => {
      const images = files.filter(isImageFile);
      if (images.length < files.length) fail('Only image files can be inserted.');
      if (images.length > 0) upload(images, place);
    },
    [upload, fail],
  );
  const onImageButtonFiles = useCallback((files: File[]) => uploadChosen(files), [uploadChosen]);
  // A gallery: its photos uploaded (each with its progress), then the gallery where the selection was.
  const onGalleryFiles = useCallback(
    (files: File[]) => uploadChosen(files, (urls, at) => insertGallery(editor, urls, at)),
    [editor, uploadChosen],
  );
  useEffect(() => {
    setGalleryUploader(editor, (files, place) => uploadChosen(files, (urls) => place(urls)));
    return () => setGalleryUploader(editor, null);
  }, [editor, uploadChosen]);

  /** Where an image or video from a URL goes: the selection when the form was opened (kept through changes). */
  const urlFormAt = useRef<RangeRef | null>(null);
  const openUrlForm = useCallback(
    (kind: UrlFormKind) => {
      ensureSelection(editor);
      urlFormAt.current?.unref();
      urlFormAt.current = editor.selection && Editor.rangeRef(editor, editor.selection);
      setUrlForm(kind);
    },
    [editor],
  );

  const slashActions = useMemo(
    () => ({
      imageFromUrl: () => openUrlForm('image'),
      video: () => openUrlForm('video'),
      // The toolbar's file chooser (a key press in the text lets a page open it).
      chooseImages: () => rootRef.current?.querySelector<HTMLInputElement>('input.rte-image-input')?.click(),
      chooseGallery: () => rootRef.current?.querySelector<HTMLInputElement>('input.rte-gallery-input')?.click(),
      chooseAudio: uploadAudio
        ? () => rootRef.current?.querySelector<HTMLInputElement>('input.rte-audio-input')?.click()
        : undefined,
    }),
    [openUrlForm, uploadAudio],
  );
  const slash = useSlashMenu(editor, slashActions);

  // In full screen the page behind does not scroll.
  useEffect(() => {
    if (!fullScreen) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [fullScreen]);

  const onValueChange = useCallback(() => {
    refresh();
    slash.onChange();
    setWordCount(countWords(editor.children));
    const next = slateToHtml(editor.children);
    if (next === lastSerialized.current) return;
    lastSerialized.current = next;
    lastValue.current = next;
    setHtml(next);
    onChangeRef.current(next);
  }, [editor, refresh, slash]);

  const closeUrlForm = useCallback(() => {
    const at = urlFormAt.current?.unref();
    urlFormAt.current = null;
    setUrlForm(null);
    if (at) Transforms.select(editor, at);
  }, [editor]);

  const submitUrl = useCallback(
    (url: string): string | void => {
      const video = urlForm === 'video' ? readVideoLink(url) : null;
      if (typeof video === 'string') return video;
      closeUrlForm();
      focusEditor(editor);
      if (video) uploads.insertVideo(video);
      else uploads.insertFromUrl(url);
    },
    [editor, closeUrlForm, uploads, urlForm],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (slash.onKeyDown(event)) return;
      const native = event.nativeEvent;
      for (const [hotkey, format] of MARK_HOTKEYS) {
        if (isKeyHotkey(hotkey, native)) {
          event.preventDefault();
          toggleMark(editor, format);
          return;
        }
      }
      if (isKeyHotkey('mod+k', native)) {
        event.preventDefault();
        openLinkForm();
        return;
      }
      if (isKeyHotkey('mod+shift+z', native) || isKeyHotkey('mod+y', native)) {
        event.preventDefault();
        editor.redo();
        return;
      }
      if (isKeyHotkey('mod+z', native)) {
        event.preventDefault();
        editor.undo();
        return;
      }
      if (isKeyHotkey('mod+]', native) || isKeyHotkey('mod+[', native)) {
        event.preventDefault();
        changeIndent(editor, isKeyHotkey('mod+]', native) ? 1 : -1);
        return;
      }
      for (let level = 0; level <= 6; level++) {
        if (isHotkey(`mod+alt+${level}`, native)) {
          event.preventDefault();
          setHeading(editor, level as HeadingLevel | 0);
          return;
        }
      }
      if (isHotkey('mod+shift+7', native) || isHotkey('mod+shift+8', native)) {
        event.preventDefault();
        toggleList(editor, isHotkey('mod+shift+7', native) ? 'numbered-list' : 'bulleted-list');
        return;
      }
      // Tab on a selected image goes to its alt text and caption.
      if (imagePanel.onKeyDown(event)) return;
      // Tab and Shift+Tab move between a table's cells (Tab in the last one adds a row).
      if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey && editor.selection) {
        if (moveInTable(editor, event.shiftKey ? -1 : 1)) {
          event.preventDefault();
          return;
        }
      }
      // Tab indents list items (elsewhere it moves the focus on, as it should).
      if (event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey && editor.selection) {
        const [item] = Editor.nodes(editor, { match: isListItem });
        if (item) {
          event.preventDefault();
          changeIndent(editor, event.shiftKey ? -1 : 1);
        }
      }
    },
    [editor, openLinkForm, imagePanel, slash],
  );

  const onDecorate = useCallback((entry: NodeEntry) => decorate(entry), [decorate]);
  const statusText = [
    uploads.pending > 0 ? (uploads.pending === 1 ? 'Uploading image…' : `Uploading ${uploads.pending} images…`) : '',
    uploads.importing > 0
      ? uploads.importing === 1
        ? 'Importing image…'
        : `Importing ${uploads.importing} images…`
      : '',
    audio.pending > 0 ? (audio.pending === 1 ? 'Uploading audio…' : `Uploading ${audio.pending} audio files…`) : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={rootRef}
      className={['rte', className, fullScreen && 'rte-fullscreen'].filter(Boolean).join(' ')}
      data-readonly={readOnly || undefined}
      // Escape leaves full screen (unless a dialog or the slash menu took it).
      onKeyDown={(event) => {
        if (fullScreen && event.key === 'Escape' && !event.defaultPrevented) {
          setFullScreen(false);
          focusEditor(editor);
        }
      }}
      // Captured: a block's own fields keep their events from the text's handlers, not from this one.
      onBlurCapture={(event) => {
        // The field is left when the focus goes outside it (not from the text to its toolbar).
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        imagePanel.close();
        onBlur?.();
      }}
    >
      <Slate
        editor={editor}
        initialValue={initialValue}
        onValueChange={onValueChange}
        onSelectionChange={(selection) => {
          imagePanel.onSelectionChange(selection);
          slash.onChange();
        }}
      >
        <FocusAfterRender />
        {!readOnly && (
          <Toolbar
            label="Formatting"
            controls={editableId}
            linkOpen={linkForm !== null}
            onLink={openLinkForm}
            onImageFiles={onImageButtonFiles}
            onGalleryFiles={onGalleryFiles}
            onImageUrl={() => openUrlForm('image')}
            imageUrlOpen={urlForm === 'image'}
            onVideo={() => openUrlForm('video')}
            videoOpen={urlForm === 'video'}
            onAudioFile={uploadAudio ? audio.insertFile : undefined}
            fullScreen={fullScreen}
            onFullScreen={() => {
              setFullScreen((on) => !on);
              focusEditor(editor);
            }}
          />
        )}
        {linkForm && (
          <LinkForm
            editing={linkForm.editing}
            askText={linkForm.askText}
            initialUrl={linkForm.url}
            initialNewTab={linkForm.newTab}
            onSubmit={submitLink}
            onRemove={unlink}
            onCancel={closeLinkForm}
          />
        )}
        {urlForm && (
          <UrlForm
            key={urlForm}
            kind={urlForm}
            onSubmit={submitUrl}
            onCancel={() => {
              closeUrlForm();
              focusEditor(editor);
            }}
          />
        )}
        <div className="rte-container">
          <Editable
            id={editableId}
            className={`rte-content ${RICH_TEXT_CLASS}`}
            aria-label={props['aria-labelledby'] ? undefined : (props.label ?? 'Rich text')}
            aria-labelledby={props['aria-labelledby']}
            aria-describedby={props['aria-describedby']}
            aria-invalid={props['aria-invalid']}
            aria-required={props['aria-required']}
            placeholder={placeholder}
            readOnly={readOnly}
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            decorate={onDecorate}
            onKeyDown={onKeyDown}
            aria-controls={slash.listId}
            aria-activedescendant={slash.activeId}
            spellCheck
          />
          {!readOnly && imagePanel.panel}
          {!readOnly && slash.menu}
        </div>
        {!readOnly && (
          <p className="rte-word-count">
            {wordCount.words === 1 ? '1 word' : `${wordCount.words.toLocaleString('en')} words`}
            {wordCount.words > 0 && ` · ${wordCount.minutes} min read`}
          </p>
        )}
      </Slate>
      {/* Under the text, but kept at the bottom of the screen while the editor is on it: a long text
          would push the uploads' progress and refusals out of sight. */}
      <div className="rte-tray">
        <div role="status" className={statusText ? 'rte-status' : 'rte-status rte-status-idle'}>
          {statusText}
        </div>
        <UploadList label="Image uploads" items={uploads.items} />
        <UploadList label="Audio uploads" items={audio.items} />
        <UploadError message={audio.error} onDismiss={audio.dismiss} />
        <UploadError message={uploads.error} onDismiss={uploads.dismiss} />
      </div>
      {name !== undefined && <input type="hidden" name={name} value={html} />}
    </div>
  );
}
