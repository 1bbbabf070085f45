import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useActionNotice } from '../forms/action-notice';
import { serverMessageOf } from '../forms/server-errors';
import { LABELS } from '../labels';
import { MoveButtons, type Direction } from './move-buttons';

const TEXT = LABELS.ordering;

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * An ordered list the owner rearranges by dragging a row or with its Move up / Move down buttons (the
 * keyboard's way, WCAG 2.1.1 and 2.5.7): the new order shows at once, `save` stores it, the move is
 * announced, and a failed save puts the stored order back.
 */
export function useOrderedRows<Row extends { id: number }>({
  rows,
  nameOf,
  save,
}: {
  rows: readonly Row[];
  nameOf: (row: Row) => string;
  save: (ordered: Row[]) => Promise<unknown>;
}) {
  const [moved, setMoved] = useState<Row[] | null>(null);
  const dragged = useRef<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const setMessage = useActionNotice();
  // The stored order, once read again, replaces the one shown meanwhile.
  useEffect(() => setMoved(null), [rows]);
  const list = moved ?? rows;

  const move = async (from: number, to: number, focus?: Direction) => {
    if (to < 0 || to >= list.length || from === to) return;
    const next = moveItem(list, from, to);
    const row = list[from];
    setMoved(next);
    // The button pressed keeps the focus (the row moved under it); at an end, its sibling takes it.
    if (focus) setFocusAfterMove(`${row.id}:${to === 0 ? 'down' : to === list.length - 1 ? 'up' : focus}`);
    try {
      await save(next);
      setMessage({ success: TEXT.moved(nameOf(row), to + 1, next.length) });
    } catch (failure) {
      setMoved(null);
      setMessage({ error: `${TEXT.failed} ${serverMessageOf(failure)}` });
    }
  };

  /** The props of a row: draggable, and a drop target. */
  const rowProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      dragged.current = index;
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with some data.
      event.dataTransfer.setData('text/plain', String(list[index].id));
    },
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged.current !== null) void move(dragged.current, index);
      dragged.current = null;
    },
  });

  /** The drag handle and the Move up / Move down buttons of a row. */
  const moveButtons = (index: number) => {
    const row = list[index];
    return (
      <div className="admin-actions">
        <span className="admin-drag-handle" aria-hidden="true">
          ⠿
        </span>
        <MoveButtons
          name={nameOf(row)}
          first={index === 0}
          last={index === list.length - 1}
          onMove={(direction) => void move(index, direction === 'up' ? index - 1 : index + 1, direction)}
          buttonRef={(direction) => (element) => {
            if (element && focusAfterMove === `${row.id}:${direction}`) {
              element.focus();
              setFocusAfterMove(null);
            }
          }}
        />
      </div>
    );
  };

  return { list, rowProps, moveButtons };
}
