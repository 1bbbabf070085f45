import { createContext, useContext } from 'react';

/**
 * The toolbar is one tab stop (WAI-ARIA toolbar pattern): the item last focused has tabIndex 0, the
 * others -1, and the arrow keys, Home and End move between items.
 */
export interface ToolbarFocus {
  activeKey: string;
  setActiveKey: (key: string) => void;
}

export const ToolbarFocusContext = createContext<ToolbarFocus>({ activeKey: '', setActiveKey: () => undefined });

/** Props that make an element one item of the toolbar's roving focus. */
export function useToolbarItem(key: string): { 'data-toolbar-item': string; tabIndex: 0 | -1; onFocus: () => void } {
  const { activeKey, setActiveKey } = useContext(ToolbarFocusContext);
  return { 'data-toolbar-item': key, tabIndex: activeKey === key ? 0 : -1, onFocus: () => setActiveKey(key) };
}
