import { useUiWords } from '../ui-words/ui-words';

export interface ReadingTimeProps {
  /** Whole minutes, as the API sends them (`reading_minutes`). */
  minutes: number;
  className?: string;
}

/** "6 min read" (in the page's `UiWords`). */
export function ReadingTime({ minutes, className }: ReadingTimeProps) {
  return <span className={className}>{useUiWords().readingTime(minutes)}</span>;
}
