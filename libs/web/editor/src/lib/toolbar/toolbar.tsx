import { useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Editor, Transforms } from 'slate';
import { useSlate } from 'slate-react';
import { focusEditor } from '../focus-editor';
import { CODE_LANGUAGES, HEADING_LEVELS, INLINE_LANGUAGES, type CodeLanguage } from '@blog/shared/html';
import type { CustomEditor, HeadingLevel, InlineLanguage, MarkFormat } from '../custom-types';
import {
  activeColor,
  activeHeadingLevel,
  activeLineKind,
  activeLink,
  isLineTypeActive,
  isListActive,
  isMarkActive,
} from '../commands/queries';
import { changeIndent } from '../commands/change-indent';
import { clearFormatting } from '../commands/clear-formatting';
import { setCodeLanguage } from '../commands/set-code-language';
import { setColor } from '../commands/set-color';
import { setHeading } from '../commands/set-heading';
import { toggleBlockQuote } from '../commands/toggle-block-quote';
import { toggleCodeBlock } from '../commands/toggle-code-block';
import { toggleList } from '../commands/toggle-list';
import { toggleMark } from '../commands/toggle-mark';
import { activeLanguage, setLanguage } from '../commands/set-language';
import type { BlockToolbarProps } from '../blocks/block';
import { BLOCKS } from '../blocks/registry';
import { ColorPicker } from './color-picker';
import {
  BlockQuoteIcon,
  BoldIcon,
  BulletedListIcon,
  ClearFormattingIcon,
  CodeBlockIcon,
  FullScreenIcon,
  IndentIcon,
  ItalicIcon,
  LinkIcon,
  NumberedListIcon,
  OutdentIcon,
  StrikeIcon,
  UnderlineIcon,
} from './icons';
import { ToolbarButton } from './toolbar-button';
import { ToolbarFocusContext } from './toolbar-focus';
import { ToolbarSelect } from './toolbar-select';

export interface ToolbarProps {
  /** The toolbar's accessible name. */
  label: string;
  /** The id of the editable area the toolbar formats. */
  controls?: string;
  linkOpen: boolean;
  onLink: () => void;
  onImageFiles: (files: File[]) => void;
  /** Photos chosen to make a gallery. */
  onGalleryFiles: (files: File[]) => void;
  /** Opens the image address form ("From a URL"). */
  onImageUrl: () => void;
  imageUrlOpen: boolean;
  /** Opens the video link form. */
  onVideo: () => void;
  videoOpen: boolean;
  /** An audio file chosen to be uploaded as an audio block (absent: no audio button). */
  onAudioFile?: (file: File) => void;
  /** The editor fills the window (Escape leaves). */
  fullScreen: boolean;
  onFullScreen: () => void;
}

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

const MARK_BUTTONS: Array<{ format: MarkFormat; label: string; key: string; Icon: ComponentType }> = [
  { format: 'bold', label: 'Bold', key: 'B', Icon: BoldIcon },
  { format: 'italic', label: 'Italic', key: 'I', Icon: ItalicIcon },
  { format: 'underline', label: 'Underline', key: 'U', Icon: UnderlineIcon },
  { format: 'strike', label: 'Strikethrough', key: 'Shift+X', Icon: StrikeIcon },
];

/** Gives the editor a selection (the end of the text) if it has none, so a toolbar action has a target. */
export function ensureSelection(editor: CustomEditor): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
}

/**
 * The formatting toolbar in Quill's snow layout: text style; bold, italic, underline, strikethrough;
 * colour; link, image; numbered and bulleted lists; quote, code block (and its language while the
 * cursor is in code); outdent, indent; clear formatting. Buttons show their state (aria-pressed) and
 * the toolbar is one tab stop, arrows moving between its items.
 */
export function Toolbar({
  label,
  controls,
  linkOpen,
  onLink,
  onImageFiles,
  onGalleryFiles,
  onImageUrl,
  imageUrlOpen,
  onVideo,
  videoOpen,
  onAudioFile,
  fullScreen,
  onFullScreen,
}: ToolbarProps) {
  const editor = useSlate();
  const [activeKey, setActiveKey] = useState<string>('heading');
  const ref = useRef<HTMLDivElement>(null);

  const run = (action: () => void) => {
    ensureSelection(editor);
    action();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? []).filter(
      (item) => !(item as HTMLButtonElement).disabled,
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? items.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
    items[next].focus();
  };

  // With no selection yet, the text is where typing would start: a paragraph.
  const headingLevel = editor.selection ? activeHeadingLevel(editor) : 0;
  const lineKind = activeLineKind(editor);
  const inCode = isLineTypeActive(editor, 'code-line');
  // The code language picker comes and goes with the cursor: when it held the tab stop, the first item takes it.
  const language = editor.selection ? activeLanguage(editor) : null;
  // Contextual items come and go with the cursor: when one held the tab stop, the first item takes it.
  const contextual: Record<string, boolean> = {
    'code-language': inCode,
  };
  for (const block of BLOCKS) Object.assign(contextual, block.toolbar?.contextual?.(editor));
  const tabStop = contextual[activeKey] === false ? 'heading' : activeKey;
  const [panel, setPanel] = useState<string | null>(null);
  const blockProps: BlockToolbarProps = {
    editor,
    run,
    onVideo,
    videoOpen,
    onAudioFile,
    onImageFiles,
    onGalleryFiles,
    onImageUrl,
    imageUrlOpen,
    panel,
    setPanel,
  };
  /** The buttons of the registry's blocks in one toolbar group, in the registry's order. */
  const blockButtons = (group: 'insert' | 'blocks') =>
    BLOCKS.map(({ type, toolbar }) =>
      toolbar?.group === group ? <toolbar.Buttons key={type} {...blockProps} /> : null,
    );

  return (
    <ToolbarFocusContext.Provider value={{ activeKey: tabStop, setActiveKey }}>
      <div
        ref={ref}
        role="toolbar"
        aria-label={label}
        aria-controls={controls}
        className="rte-toolbar"
        onKeyDown={onKeyDown}
      >
        <span className="rte-group">
          <ToolbarSelect
            itemKey="heading"
            label="Text style"
            value={headingLevel === null ? '' : String(headingLevel)}
            onChange={(value, withPointer) => {
              run(() => setHeading(editor, Number(value) as HeadingLevel | 0));
              if (withPointer) focusEditor(editor);
            }}
          >
            {headingLevel === null && (
              <option value="" disabled>
                —
              </option>
            )}
            <option value="0">Normal</option>
            {HEADING_LEVELS.map((level) => (
              <option key={level} value={String(level)}>
                Heading {level}
              </option>
            ))}
          </ToolbarSelect>
        </span>

        <span className="rte-group">
          {MARK_BUTTONS.map(({ format, label: markLabel, key, Icon }) => (
            <ToolbarButton
              key={format}
              itemKey={format}
              label={markLabel}
              shortcut={`${MOD}${key}`}
              pressed={isMarkActive(editor, format)}
              onAction={() => run(() => toggleMark(editor, format))}
            >
              <Icon />
            </ToolbarButton>
          ))}
          <ColorPicker current={activeColor(editor)} onPick={(color) => run(() => setColor(editor, color))} />
        </span>

        <span className="rte-group">
          <ToolbarButton
            itemKey="link"
            label="Link"
            shortcut={`${MOD}K`}
            pressed={activeLink(editor) !== null}
            expanded={linkOpen}
            hasPopup="dialog"
            onAction={() => run(onLink)}
          >
            <LinkIcon />
          </ToolbarButton>
          {blockButtons('insert')}
        </span>

        <span className="rte-group">
          <ToolbarButton
            itemKey="numbered-list"
            label="Numbered list"
            pressed={isListActive(editor, 'numbered-list')}
            onAction={() => run(() => toggleList(editor, 'numbered-list'))}
          >
            <NumberedListIcon />
          </ToolbarButton>
          <ToolbarButton
            itemKey="bulleted-list"
            label="Bulleted list"
            pressed={isListActive(editor, 'bulleted-list')}
            onAction={() => run(() => toggleList(editor, 'bulleted-list'))}
          >
            <BulletedListIcon />
          </ToolbarButton>
        </span>

        <span className="rte-group">
          <ToolbarButton
            itemKey="block-quote"
            label="Quote"
            pressed={isLineTypeActive(editor, 'block-quote')}
            onAction={() => run(() => toggleBlockQuote(editor))}
          >
            <BlockQuoteIcon />
          </ToolbarButton>
          <ToolbarButton
            itemKey="code-block"
            label="Code block"
            pressed={inCode}
            onAction={() => run(() => toggleCodeBlock(editor))}
          >
            <CodeBlockIcon />
          </ToolbarButton>
          {inCode && lineKind?.type === 'code-line' && (
            <ToolbarSelect
              itemKey="code-language"
              label="Code language"
              value={lineKind.language}
              onChange={(value, withPointer) => {
                setCodeLanguage(editor, value as CodeLanguage);
                if (withPointer) focusEditor(editor);
              }}
            >
              {CODE_LANGUAGES.map((language) => (
                <option key={language.value} value={language.value}>
                  {language.label}
                </option>
              ))}
            </ToolbarSelect>
          )}
        </span>

        <span className="rte-group">
          {blockButtons('blocks')}
          <ToolbarSelect
            itemKey="language"
            label="Language of the selection"
            value={language ?? ''}
            onChange={(value, withPointer) => {
              run(() => setLanguage(editor, (value || null) as InlineLanguage | null));
              if (withPointer) focusEditor(editor);
            }}
          >
            <option value="">Language: page's</option>
            {INLINE_LANGUAGES.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </ToolbarSelect>
        </span>

        {BLOCKS.map(({ type, toolbar }) => (toolbar?.Context ? <toolbar.Context key={type} {...blockProps} /> : null))}

        <span className="rte-group">
          <ToolbarButton
            itemKey="outdent"
            label="Decrease indent"
            shortcut={`${MOD}[`}
            onAction={() => run(() => changeIndent(editor, -1))}
          >
            <OutdentIcon />
          </ToolbarButton>
          <ToolbarButton
            itemKey="indent"
            label="Increase indent"
            shortcut={`${MOD}]`}
            onAction={() => run(() => changeIndent(editor, 1))}
          >
            <IndentIcon />
          </ToolbarButton>
        </span>

        <span className="rte-group">
          <ToolbarButton itemKey="clear" label="Clear formatting" onAction={() => run(() => clearFormatting(editor))}>
            <ClearFormattingIcon />
          </ToolbarButton>
          <ToolbarButton itemKey="full-screen" label="Full screen" pressed={fullScreen} onAction={onFullScreen}>
            <FullScreenIcon />
          </ToolbarButton>
        </span>
      </div>
      {BLOCKS.map(({ type, toolbar }) => (toolbar?.Panel ? <toolbar.Panel key={type} {...blockProps} /> : null))}
    </ToolbarFocusContext.Provider>
  );
}
