import { isUploadName, UPLOAD_AUDIO_TYPES, UPLOADS_PATH } from '@blog/contracts';
import { escapeAttribute, escapeText } from './plain-text';

const AUDIO_EXTENSIONS = new Set<string>(Object.values(UPLOAD_AUDIO_TYPES));

/**
 * An audio source the HTML policy keeps: only a clip uploaded to this site (`/uploads/{name}` with an
 * audio extension), so that a visitor's browser never fetches audio from elsewhere; else null.
 */
export function safeAudioUrl(url: string | undefined): string | null {
  const trimmed = (url ?? '').trim();
  if (!trimmed.startsWith(`${UPLOADS_PATH}/`)) return null;
  const name = trimmed.slice(UPLOADS_PATH.length + 1);
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return isUploadName(name) && AUDIO_EXTENSIONS.has(extension) ? trimmed : null;
}

/**
 * An audio block's HTML: the player (nothing is fetched before a visitor presses play) and an
 * optional plain-text caption; '' when the source is not one of ours.
 */
export function audioFigureHtml(src: string, caption?: string): string {
  const url = safeAudioUrl(src);
  if (!url) return '';
  const text = (caption ?? '').trim();
  return (
    `<figure class="audio"><audio controls preload="none" src="${escapeAttribute(url)}"></audio>` +
    (text ? `<figcaption>${escapeText(text)}</figcaption>` : '') +
    '</figure>'
  );
}
