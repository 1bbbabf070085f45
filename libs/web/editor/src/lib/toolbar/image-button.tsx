import { useRef } from 'react';
import { ImageIcon } from './icons';
import { ToolbarButton } from './toolbar-button';

export interface ImageButtonProps {
  onFiles: (files: File[]) => void;
}

/** "Insert image": a hidden file input that takes any image type (drops and pastes take PNG/JPEG only). */
export function ImageButton({ onFiles }: ImageButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <ToolbarButton itemKey="image" label="Insert image" onAction={() => inputRef.current?.click()}>
        <ImageIcon />
      </ToolbarButton>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="rte-image-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
