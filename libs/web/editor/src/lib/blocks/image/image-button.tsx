import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FileInput } from '../../toolbar/file-input';
import { ImageIcon } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';

export interface ImageButtonProps {
  onFiles: (files: File[]) => void;
  /** "As a gallery": the files chosen become one gallery. */
  onGalleryFiles: (files: File[]) => void;
  /** "From a URL": opens the image address form. */
  onUrl: () => void;
  /** Whether the image address form is open. */
  urlOpen: boolean;
}

/**
 * "Insert image": a small menu with "Upload from computer" (a hidden file input that takes several
 * images of any type, HEIC photos included; drops and pastes take PNG/JPEG/HEIC only), "Gallery from
 * computer" (the same, made one gallery) and "From a URL" (the image address form).
 */
export function ImageButton({ onFiles, onGalleryFiles, onUrl, urlOpen }: ImageButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const galleryInputRef = useRef<HTMLInputElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector('button')?.focus();
    const close = (event: PointerEvent) => {
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      // The focus goes back where the menu was opened from, not to the page.
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };

  return (
    <span className="rte-image-menu-anchor">
      <ToolbarButton
        itemKey="image"
        label="Insert image"
        expanded={open || urlOpen}
        hasPopup="true"
        buttonRef={buttonRef}
        onAction={() => setOpen((value) => !value)}
      >
        <ImageIcon />
      </ToolbarButton>
      {open && (
        <div ref={menuRef} role="menu" aria-label="Insert image" className="rte-image-menu" onKeyDown={onMenuKeyDown}>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              inputRef.current?.click();
            }}
          >
            Upload from computer
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              galleryInputRef.current?.click();
            }}
          >
            Gallery from computer
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              onUrl();
            }}
          >
            From a URL
          </button>
        </div>
      )}
      <FileInput ref={inputRef} className="rte-image-input" onFiles={onFiles} />
      <FileInput ref={galleryInputRef} className="rte-gallery-input" onFiles={onGalleryFiles} />
    </span>
  );
}
