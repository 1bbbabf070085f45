import { useCallback, useId, useLayoutEffect, useState, type KeyboardEvent } from 'react';
import { Editor, Element, Node, Path, Range, Transforms } from 'slate';
import { ReactEditor } from 'slate-react';
import type { CustomEditor } from '../custom-types';
import type { SlashItem, SlashMenuActions } from '../blocks/block';
import { BLOCK_SLASH_ITEMS } from '../blocks/registry';
import { setLineType } from '../commands/set-line-type';

export const SLASH_ITEMS: SlashItem[] = [
  {
    key: 'h2',
    label: 'Heading 2',
    keywords: 'title tiêu đề',
    run: (e) => setLineType(e, { type: 'heading', level: 2 }),
  },
  {
    key: 'h3',
    label: 'Heading 3',
    keywords: 'subtitle tiêu đề',
    run: (e) => setLineType(e, { type: 'heading', level: 3 }),
  },
  {
    key: 'bulleted',
    label: 'Bulleted list',
    keywords: 'ul unordered danh sách',
    run: (e) => setLineType(e, { type: 'list-item', listType: 'bulleted-list' }),
  },
  {
    key: 'numbered',
    label: 'Numbered list',
    keywords: 'ol ordered danh sách',
    run: (e) => setLineType(e, { type: 'list-item', listType: 'numbered-list' }),
  },
  {
    key: 'quote',
    label: 'Quote',
    keywords: 'blockquote trích dẫn',
    run: (e) => setLineType(e, { type: 'block-quote' }),
  },
  { key: 'code', label: 'Code block', keywords: 'pre mã', run: (e) => setLineType(e, { type: 'code-line' }) },
  ...BLOCK_SLASH_ITEMS,
];

/** Case and accents aside ("anh" finds "ảnh"). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').toLowerCase();

export function matchingItems(query: string): SlashItem[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return SLASH_ITEMS.filter((item) => {
    const text = fold(`${item.label} ${item.keywords}`);
    return words.every((word) => text.includes(word));
  });
}

/** The caret's line when it is a top-level paragraph holding a `/query` the caret ends. */
function slashLine(editor: CustomEditor): { path: Path; query: string } | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection) || selection.anchor.path.length !== 2) return null;
  const path = [selection.anchor.path[0]];
  const block = Node.get(editor, path);
  if (!Element.isElement(block) || block.type !== 'paragraph' || block.children.length !== 1) return null;
  const text = Node.string(block);
  if (!text.startsWith('/') || selection.anchor.offset !== text.length || text.length > 30) return null;
  return { path, query: text.slice(1) };
}

/**
 * The slash menu, as Notion and Ghost writers expect: `/` typed on an empty line lists the blocks
 * that can be inserted; typing filters them, the arrow keys move, Enter or a click inserts one in
 * place of the line's `/…`, Escape closes it (the text stays as typed).
 */
export function useSlashMenu(editor: CustomEditor, actions: SlashMenuActions) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [top, setTop] = useState(0);
  const items = open ? matchingItems(query).filter((item) => item.available?.(actions) ?? true) : [];

  /** After each change: the menu follows the line's `/query`, and closes when there is none. */
  const onChange = useCallback(() => {
    if (!open) return;
    const found = slashLine(editor);
    if (!found) {
      setOpen(false);
      return;
    }
    setQuery(found.query);
    setActive(0);
  }, [editor, open]);

  const pick = useCallback(
    (item: SlashItem) => {
      const found = slashLine(editor);
      setOpen(false);
      if (found) Transforms.delete(editor, { at: Editor.range(editor, found.path) });
      ReactEditor.focus(editor);
      item.run(editor, actions);
    },
    [editor, actions],
  );

  /** Answers whether the key was the menu's. */
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>): boolean => {
      if (!open) {
        // `/` on an empty line opens it (the `/` itself is typed as usual).
        if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const { selection } = editor;
          const block = selection && Range.isCollapsed(selection) ? Node.get(editor, [selection.anchor.path[0]]) : null;
          if (block && Element.isElement(block) && block.type === 'paragraph' && Node.string(block) === '') {
            setOpen(true);
            setQuery('');
            setActive(0);
          }
        }
        return false;
      }
      if (event.key === 'Escape') {
        setOpen(false);
        event.preventDefault();
        return true;
      }
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + items.length) % items.length);
        event.preventDefault();
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(items[Math.min(active, items.length - 1)]);
        return true;
      }
      return false;
    },
    [editor, open, items, active, pick],
  );

  // Under the line being typed.
  const anchor = open ? editor.selection?.anchor.path[0] : undefined;
  useLayoutEffect(() => {
    if (anchor === undefined) return;
    try {
      const node = ReactEditor.toDOMNode(editor, Node.get(editor, [anchor]));
      setTop(node.offsetTop + node.offsetHeight);
    } catch {
      // Not rendered yet: the next change places it.
    }
  }, [editor, anchor, query]);

  const activeId = items.length > 0 ? `${id}-${items[Math.min(active, items.length - 1)].key}` : undefined;
  const menu = open ? (
    <div className="rte-slash-menu" style={{ top }}>
      {items.length === 0 ? (
        <p className="rte-slash-empty" role="status">
          No block matches “{query}”.
        </p>
      ) : (
        <ul role="listbox" id={`${id}-list`} aria-label="Insert a block">
          {items.map((item, index) => (
            <li
              key={item.key}
              id={`${id}-${item.key}`}
              role="option"
              aria-selected={index === Math.min(active, items.length - 1)}
              // The caret stays in the text: the option is picked without taking the focus.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(item);
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  ) : null;

  return { open, onChange, onKeyDown, menu, listId: open ? `${id}-list` : undefined, activeId };
}
