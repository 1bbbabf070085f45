import { useUiWords } from '../ui-words/ui-words';
import './spinner.css';

export interface SpinnerProps {
  /**
   * `full-screen` covers the window (a page loading), `overlay` covers the nearest positioned
   * ancestor (a form sending), `inline` takes its own place.
   */
  variant?: 'full-screen' | 'overlay' | 'inline';
  /** Read by screen readers (the page's `UiWords` "Loading…" unless given). */
  label?: string;
}

/** A loading indicator, announced politely to assistive technology. */
export function Spinner({ variant = 'full-screen', label }: SpinnerProps) {
  const { loading } = useUiWords();
  return (
    <div className={`ui-spinner ui-spinner--${variant}`} role="status" aria-live="polite">
      <span className="ui-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label ?? loading}</span>
    </div>
  );
}
