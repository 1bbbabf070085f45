import type { KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';
import { useToolbarItem } from './toolbar-focus';

export interface ToolbarButtonProps {
  itemKey: string;
  label: string;
  /** Shown in the tooltip, e.g. "Ctrl+B". */
  shortcut?: string;
  /** For toggles: whether the format is on (aria-pressed). */
  pressed?: boolean;
  expanded?: boolean;
  hasPopup?: 'dialog' | 'true';
  controls?: string;
  disabled?: boolean;
  /** The click (a keyboard activation has `event.detail === 0`). */
  onAction: (event: MouseEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

/**
 * A toolbar button. A mouse press does not take the focus from the text (so the selection stays
 * visible and typing goes on); the keyboard reaches it through the toolbar's roving focus.
 */
export function ToolbarButton(props: ToolbarButtonProps) {
  const {
    itemKey,
    label,
    shortcut,
    pressed,
    expanded,
    hasPopup,
    controls,
    disabled,
    onAction,
    onKeyDown,
    buttonRef,
    children,
  } = props;
  const item = useToolbarItem(itemKey);
  return (
    <button
      {...item}
      ref={buttonRef}
      type="button"
      className={pressed ? 'rte-button rte-active' : 'rte-button'}
      aria-label={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-haspopup={hasPopup}
      aria-controls={controls}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onAction}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}
