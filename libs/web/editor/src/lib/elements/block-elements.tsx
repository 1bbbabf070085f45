import { useEffect, useRef, useState } from 'react';
import type { Path } from 'slate';
import type { RenderElementProps } from 'slate-react';
import { ReactEditor, useFocused, useSelected, useSlateStatic } from 'slate-react';
import { CALLOUT_KINDS, defaultVideoTitle, VIDEO_PROVIDERS } from '@blog/shared/html';
import type {
  CalloutElement as CalloutNode,
  PoemElement as PoemNode,
  TableElement as TableNode,
  VideoElement as VideoNode,
} from '../custom-types';
import { setTableCaption } from '../commands/table';
import { setPoemField } from '../commands/blocks';
import { setVideoField } from '../commands/insert-video';

/**
 * A plain-text field of a block (kept in local state while typing, so no keystroke is lost between
 * the document's change and the next render).
 */
function BlockField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const ref = useRef<HTMLInputElement>(null);
  // While typing here the field leads; the document's value shows through otherwise (an undo, say).
  useEffect(() => {
    if (document.activeElement !== ref.current) setDraft(value);
  }, [value]);
  return (
    <input
      ref={ref}
      className="rte-block-field"
      aria-label={label}
      placeholder={`${label} (optional)`}
      value={draft}
      // Enter in a field would submit the page's form (the post) around the editor.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(event.target.value);
      }}
    />
  );
}

/**
 * The editor's tables, rules, callouts and poems, in the markup and classes their HTML has (so the
 * shared rich-text stylesheet draws them the same here and on the public page). A table's caption
 * and a poem's title and author are plain-text fields beside the editable text.
 */
export function TableElement({ attributes, children, element }: RenderElementProps & { element: TableNode }) {
  const editor = useSlateStatic();
  // Found while rendering: the node changes with each keystroke in the field, its path does not.
  const path = ReactEditor.findPath(editor, element);
  return (
    <div {...attributes} className="table-scroll">
      <table className={element.header ? 'rte-table rte-table-header' : 'rte-table'}>
        <caption contentEditable={false}>
          <BlockField
            label="Table caption"
            value={element.caption ?? ''}
            onChange={(value) => setTableCaption(editor, path, value)}
          />
        </caption>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function RuleElement({ attributes, children }: RenderElementProps) {
  const selected = useSelected();
  const focused = useFocused();
  return (
    <div {...attributes} className={selected && focused ? 'rte-rule rte-image-selected' : 'rte-rule'}>
      <div contentEditable={false}>
        <hr />
      </div>
      {children}
    </div>
  );
}

export function CalloutElement({ attributes, children, element }: RenderElementProps & { element: CalloutNode }) {
  const label = (CALLOUT_KINDS.find((kind) => kind.value === element.kind) ?? CALLOUT_KINDS[0]).label;
  return (
    <div {...attributes} className={`callout callout-${element.kind}`} role="note">
      <p className="callout-label" contentEditable={false}>
        {label}
      </p>
      <p>{children}</p>
    </div>
  );
}

export function PoemElement({ attributes, children, element }: RenderElementProps & { element: PoemNode }) {
  const editor = useSlateStatic();
  const path: Path = ReactEditor.findPath(editor, element);
  const field = (name: 'title' | 'author', label: string) => (
    <p className={`poem-${name}`} contentEditable={false}>
      <BlockField
        label={label}
        value={element[name] ?? ''}
        onChange={(value) => setPoemField(editor, path, name, value)}
      />
    </p>
  );
  return (
    <div {...attributes} className={element.centered ? 'poem poem-centered' : 'poem'}>
      {field('title', 'Poem title')}
      {children}
      {field('author', 'Poem author')}
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
  const path: Path = ReactEditor.findPath(editor, element);
  const provider = VIDEO_PROVIDERS[element.provider];
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
        <BlockField
          label="Video title"
          value={element.title ?? ''}
          onChange={(value) => setVideoField(editor, path, 'title', value)}
        />
        <figcaption>
          <BlockField
            label="Video caption"
            value={element.caption ?? ''}
            onChange={(value) => setVideoField(editor, path, 'caption', value)}
          />
        </figcaption>
      </div>
      {children}
    </figure>
  );
}
