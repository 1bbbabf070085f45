/**
 * jsdom lacks `isContentEditable`, which slate-react checks before it handles a key or a paste on
 * the editable area. Test-only: import this in component specs before rendering an editor.
 */
if (
  !('isContentEditable' in HTMLElement.prototype) ||
  Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'isContentEditable') === undefined
) {
  Object.defineProperty(HTMLElement.prototype, 'isContentEditable', {
    configurable: true,
    get(this: HTMLElement) {
      const host = this.closest('[contenteditable]');
      return host !== null && host.getAttribute('contenteditable') !== 'false';
    },
  });
}

export {};
