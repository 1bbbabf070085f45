import type { KeyboardEvent } from 'react';

/**
 * The keys of the toolbar's small dialogs, which are never `<form>`s (the editor sits inside the
 * post or About form, and a nested form submitted the page): Escape cancels, and Enter in a field
 * applies the dialog instead of submitting the page's form (implicit submission).
 */
export function dialogKeyHandler(apply: () => void, cancel: () => void) {
  return (event: KeyboardEvent) => {
    const key =
      event.key === 'Escape'
        ? cancel
        : event.key === 'Enter' && event.target instanceof HTMLInputElement
          ? apply
          : null;
    if (!key) return;
    event.preventDefault();
    event.stopPropagation();
    key();
  };
}
