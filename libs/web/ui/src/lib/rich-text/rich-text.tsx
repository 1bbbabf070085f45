import './rich-text.css';

/**
 * The class that gives rich text its look (rich-text.css): on the public pages' <RichText> and on the
 * editor's editing area, so both show a post alike. Importing it brings the stylesheet along.
 */
export const RICH_TEXT_CLASS = 'rich-text';

export interface RichTextProps {
  /** HTML the server sanitised with the shared policy when it was saved. */
  html: string;
  className?: string;
}

/** Post, excerpt and About HTML, as the server stored it (sanitised on save, never raw input). */
export function RichText({ html, className }: RichTextProps) {
  return (
    <div
      className={className ? `${RICH_TEXT_CLASS} ${className}` : RICH_TEXT_CLASS}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
