import { useRef, type ReactNode } from 'react';
import { useToolbarItem } from './toolbar-focus';

export interface ToolbarSelectProps {
  itemKey: string;
  label: string;
  value: string;
  onChange: (value: string, withPointer: boolean) => void;
  children: ReactNode;
}

/**
 * A native select in the toolbar (text style, code language): fully keyboard-usable. `withPointer`
 * tells a choice made with the mouse (after which the text gets the focus back) from one made with
 * the keyboard (which keeps the focus on the select, as the arrows change it one step at a time).
 */
export function ToolbarSelect({ itemKey, label, value, onChange, children }: ToolbarSelectProps) {
  const item = useToolbarItem(itemKey);
  const pointer = useRef(false);
  return (
    <select
      {...item}
      className="rte-select"
      aria-label={label}
      title={label}
      value={value}
      onMouseDown={() => {
        pointer.current = true;
      }}
      onKeyDown={() => {
        pointer.current = false;
      }}
      onChange={(event) => onChange(event.target.value, pointer.current)}
    >
      {children}
    </select>
  );
}
