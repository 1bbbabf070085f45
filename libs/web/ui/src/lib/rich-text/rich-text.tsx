import './rich-text.css';

export interface RichTextProps {
  /** HTML the server sanitised with the shared policy when it was saved. */
  html: string;
  className?: string;
}

/** Post, excerpt and About HTML, as the server stored it (sanitised on save, never raw input). */
export function RichText({ html, className }: RichTextProps) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
