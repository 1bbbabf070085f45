import type { MouseEventHandler } from 'react';

/**
 * A button among a table row's actions. Its accessible name carries the row's subject ("Xóa Du lịch"),
 * as every row has the same buttons.
 */
export function RowAction({
  label,
  subject,
  onClick,
  danger = false,
  disabled,
}: {
  label: string;
  subject: string;
  onClick: MouseEventHandler<HTMLButtonElement>;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'admin-button admin-button--danger' : 'admin-button'}
      onClick={onClick}
      disabled={disabled}
      aria-label={`${label} ${subject}`}
    >
      {label}
    </button>
  );
}
