/**
 * @blog/web/editor: the rich-text editor of the admin (lazy-load it: it must stay out of the public bundle).
 */
export { RichTextEditor, type RichTextEditorHandle, type RichTextEditorProps } from './lib/rich-text-editor';
export { htmlToSlate } from './lib/serialization/html-to-slate';
export { slateToHtml } from './lib/serialization/slate-to-html';
export { createRichTextEditor, type CreateRichTextEditorOptions } from './lib/create-editor';
export type { ImportImage, ImportVideoPoster, UploadImage } from './lib/upload/use-image-upload';
export type { UploadAudio } from './lib/upload/use-audio-upload';
export type * from './lib/custom-types';
export { HISTORY_MAX_STEPS, HISTORY_MERGE_DELAY_MS, HIGHLIGHT_INTERVAL_MS, DROP_IMAGE_TYPES } from './lib/constants';
