/** What the rich-text editor can produce; the HTML policy allows exactly this. */

export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel', 'sms'] as const;
/** `data:` images are kept only in these types. */
export const DATA_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export const MAX_INDENT = 8;

/** Code block languages: the value stored in `class="language-…"` and the label shown. */
export const CODE_LANGUAGES = [
  { value: 'plain', label: 'Plain' },
  { value: 'bash', label: 'Bash' },
  { value: 'cpp', label: 'C++' },
  { value: 'csharp', label: 'C#' },
  { value: 'css', label: 'CSS' },
  { value: 'diff', label: 'Diff' },
  { value: 'xml', label: 'HTML/XML' },
  { value: 'java', label: 'Java' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'php', label: 'PHP' },
  { value: 'python', label: 'Python' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'sql', label: 'SQL' },
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['value'];

/** The colour picker's 35 colours, in order. */
export const COLOR_PALETTE = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
] as const;

/** Callout kinds: the value stored in `class="callout callout-…"` and the visible label. */
export const CALLOUT_KINDS = [
  { value: 'note', label: 'Note' },
  { value: 'tip', label: 'Tip' },
  { value: 'warning', label: 'Warning' },
] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number]['value'];

/**
 * A table column's alignment, set on each of its cells as the class `align-center` or `align-right`
 * (never an inline style); left, the default, has none.
 */
export const TABLE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TableAlignment = (typeof TABLE_ALIGNMENTS)[number];
/** What a cell stores: left is no alignment at all. */
export type TableCellAlign = Exclude<TableAlignment, 'left'>;
export const TABLE_ALIGN_CLASSES = ['align-center', 'align-right'] as const;
export const isTableCellAlign = (value: unknown): value is TableCellAlign => value === 'center' || value === 'right';

/** Languages a run of text can be marked in (`<span lang>`), with their toolbar labels. */
export const INLINE_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'vi', label: 'Vietnamese' },
] as const;

/** The largest table the editor inserts or reads (rows and columns). */
export const MAX_TABLE_ROWS = 100;
export const MAX_TABLE_COLUMNS = 20;
