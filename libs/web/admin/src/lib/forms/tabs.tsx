import type { ReactNode } from 'react';

/** The spec's single-tab forms ('Category Info', 'Post Info'): a tab list with its one panel. */
export function SingleTab({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-tabs">
      <div role="tablist" aria-label={label}>
        <button type="button" role="tab" aria-selected="true" id="admin-tab" aria-controls="admin-tab-panel">
          {label}
        </button>
      </div>
      <div role="tabpanel" id="admin-tab-panel" aria-labelledby="admin-tab">
        {children}
      </div>
    </div>
  );
}
