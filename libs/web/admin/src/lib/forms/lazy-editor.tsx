import { lazy } from 'react';
import { uploadFile } from '../uploads/upload-file';

/** The rich-text editor, the heaviest part of the admin: it loads only when a form that needs it opens. */
export const RichTextEditor = lazy(() => import('@blog/web/editor').then((module) => ({ default: module.RichTextEditor })));

/** Images put into the editor are uploaded like any other and inserted by their URL. */
export const uploadEditorImage = async (file: File) => (await uploadFile(file)).url;
