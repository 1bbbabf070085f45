import type { Ref } from 'react';
import { LABELS } from '../labels';

export type Direction = 'up' | 'down';

/**
 * A row's ↑ and ↓ buttons, named after what they move ("Move Website up"): the keyboard's way to
 * reorder (WCAG 2.1.1), beside dragging. The first row's ↑ and the last row's ↓ are disabled.
 */
export function MoveButtons({
  name,
  first,
  last,
  onMove,
  buttonRef,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: Direction) => void;
  buttonRef?: (direction: Direction) => Ref<HTMLButtonElement>;
}) {
  const button = (direction: Direction) => (
    <button
      type="button"
      className="admin-button admin-move"
      aria-label={direction === 'up' ? LABELS.ordering.moveUp(name) : LABELS.ordering.moveDown(name)}
      disabled={direction === 'up' ? first : last}
      ref={buttonRef?.(direction)}
      onClick={() => onMove(direction)}
    >
      <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
    </button>
  );
  return (
    <>
      {button('up')}
      {button('down')}
    </>
  );
}
