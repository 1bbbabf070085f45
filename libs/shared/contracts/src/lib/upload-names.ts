// No zod here: the public pages read these (an audio clip's address in a post), and a module that
// builds a schema when loaded would bring zod into their entry (see apps/web/vite.config.mts).

/** A stored upload's file name as the API generates it: never a path. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
/** The longest name an upload has (the `uploads.name` column). */
export const UPLOAD_NAME_MAX_LENGTH = 200;

/**
 * What `/uploads/{name}` may name, so what is ever looked up: `UPLOAD_NAME_PATTERN`, not starting
 * with a dot, no `..`, at most `UPLOAD_NAME_MAX_LENGTH` characters. Generated names, demo images and
 * variants all are; a path never is.
 */
export function isUploadName(name: string): boolean {
  return UPLOAD_NAME_PATTERN.test(name) && name.length <= UPLOAD_NAME_MAX_LENGTH && !name.includes('..');
}
/**
 * The audio types `/api/upload/audio` accepts, recognised by their bytes (never the name or the
 * declared type), and the extension of the stored file. The bytes are stored as sent: browsers play
 * all four in `<audio>`.
 */
export const UPLOAD_AUDIO_TYPES = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
} as const;
export type UploadAudioExtension = (typeof UPLOAD_AUDIO_TYPES)[keyof typeof UPLOAD_AUDIO_TYPES];
