import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { COLOR_PALETTE } from '@blog/shared/html';
import { ColorIcon } from './icons';
import { ToolbarButton } from './toolbar-button';
import { colorName, PALETTE_COLUMNS } from './color-names';

export interface ColorPickerProps {
  /** The colour of the selection, or null. */
  current: string | null;
  onPick: (color: string | null) => void;
}

/**
 * The text colour picker: a toolbar button opening a "Default colour" choice and the 35 colours of
 * the palette, in order, 7 to a row. Keyboard: Enter, Space or Down opens it on the current colour;
 * the arrow keys, Home and End move; Enter or Space picks; Escape closes it and returns to the button.
 */
export function ColorPicker({ current, onPick }: ColorPickerProps) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<number | null>(null);

  /** The popup's choices in order: "Default colour", then the 35 swatches. */
  const choices = (): HTMLButtonElement[] =>
    Array.from(popupRef.current?.querySelectorAll<HTMLButtonElement>('[data-choice]') ?? []);

  const openPicker = (withKeyboard: boolean) => {
    const index = current ? (COLOR_PALETTE as readonly string[]).indexOf(current) : -1;
    focusOnOpen.current = withKeyboard ? index + 1 : null;
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current !== null) choices()[focusOnOpen.current]?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !triggerRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const pick = (color: string | null) => {
    // Picked with the keyboard (the focus is in the palette): back to the button, as after Escape.
    // With the mouse the text never lost the focus.
    const fromKeyboard = popupRef.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    onPick(color);
    if (fromKeyboard) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openPicker(true);
    }
  };

  const onPopupKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = choices();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    const swatch = index - 1; // -1 for "Default colour"
    let next: number;
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        triggerRef.current?.focus();
        return;
      case 'Tab':
        setOpen(false);
        return;
      case 'ArrowRight':
        next = index + 1;
        break;
      case 'ArrowLeft':
        next = index - 1;
        break;
      case 'ArrowDown':
        next = index === 0 ? 1 : index + PALETTE_COLUMNS;
        break;
      case 'ArrowUp':
        next = swatch < PALETTE_COLUMNS ? 0 : index - PALETTE_COLUMNS;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = all.length - 1;
        break;
      default:
        return;
    }
    // While the palette is open the arrows move in it, not along the toolbar.
    event.preventDefault();
    event.stopPropagation();
    all[Math.min(all.length - 1, Math.max(0, index < 0 ? 0 : next))]?.focus();
  };

  return (
    <span className="rte-picker">
      <ToolbarButton
        itemKey="color"
        label="Text colour"
        hasPopup="true"
        expanded={open}
        controls={open ? popupId : undefined}
        buttonRef={triggerRef}
        onKeyDown={onTriggerKeyDown}
        onAction={(event) => (open ? setOpen(false) : openPicker(event.detail === 0))}
      >
        <ColorIcon color={current ?? '#000000'} />
      </ToolbarButton>
      {open && (
        <div
          id={popupId}
          ref={popupRef}
          role="group"
          aria-label="Text colours"
          className="rte-picker-popup"
          onKeyDown={onPopupKeyDown}
        >
          <button
            type="button"
            data-choice="default"
            className="rte-picker-default"
            tabIndex={-1}
            aria-pressed={current === null}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(null)}
          >
            Default colour
          </button>
          <div className="rte-swatches">
            {COLOR_PALETTE.map((color) => (
              <button
                key={color}
                type="button"
                data-choice={color}
                data-swatch={color}
                className={current === color ? 'rte-swatch rte-active' : 'rte-swatch'}
                style={{ backgroundColor: color }}
                aria-label={`${colorName(color)} ${color}`}
                aria-pressed={current === color}
                title={`${colorName(color)} ${color}`}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(color)}
              />
            ))}
          </div>
        </div>
      )}
    </span>
  );
}
