export interface ReadingTimeProps {
  /** Whole minutes, as the API sends them (`reading_minutes`). */
  minutes: number;
  className?: string;
}

/** "6 min read". */
export function ReadingTime({ minutes, className }: ReadingTimeProps) {
  return <span className={className}>{`${minutes} min read`}</span>;
}
