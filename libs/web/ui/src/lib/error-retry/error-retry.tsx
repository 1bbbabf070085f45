import { useUiWords } from '../ui-words/ui-words';
import './error-retry.css';

export interface ErrorRetryProps {
  /** Asks again (React Query's `refetch`). */
  onRetry: () => void;
  message?: string;
  /** True while the new attempt runs. */
  retrying?: boolean;
}

/** Said instead of an endless spinner when a request failed: what happened, and a way to try again. */
export function ErrorRetry({
  onRetry,
  message = 'This content could not be loaded. Please check your connection.',
  retrying = false,
}: ErrorRetryProps) {
  const words = useUiWords();
  return (
    <div className="ui-error-retry" role="alert">
      <p>{message}</p>
      <button type="button" className="ui-button" onClick={onRetry} disabled={retrying}>
        {retrying ? words.tryingAgain : words.tryAgain}
      </button>
    </div>
  );
}
