import { z } from 'zod';
import { VIDEO_ID_PATTERNS, VIDEO_PROVIDER_NAMES, type VideoProviderName } from './video-ids';
import { textInput } from './text.schema';
import { UPLOAD_AUDIO_TYPES, UPLOAD_NAME_PATTERN } from './upload-names';

export const uploadNameSchema = textInput()
  .trim()
  .regex(UPLOAD_NAME_PATTERN, { error: 'must be the file name /api/upload answered', abort: true })
  .refine((name) => !name.includes('..'), { error: 'must be the file name /api/upload answered' });
/** Optional file name: empty or null means none. */
export const optionalUploadNameSchema = z
  .union([uploadNameSchema, z.literal(''), z.null()])
  .optional()
  .transform((name) => name || null);

/**
 * The largest upload: a photo as it comes from a phone or a camera (a 12-megapixel JPEG is 3–8 MB, a
 * 48- or 50-megapixel one 15–30 MB, a RAW-developed TIFF-sized JPEG more).
 */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_BYTES_LABEL = '50 MB';
/** The multipart field of `POST /api/upload` (and of the FormData of tRPC `uploads.image`). */
export const UPLOAD_FIELD = 'image';
/**
 * The image types `/api/upload` accepts, recognised by their bytes, and the extension of the stored
 * file (the server re-encodes each upload in its own format). Anything else is refused with 415:
 * SVG (it can carry scripts), and ICO, which the image decoder cannot read (a PNG favicon works in
 * every browser).
 */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const;
export type UploadImageExtension = (typeof UPLOAD_IMAGE_TYPES)[keyof typeof UPLOAD_IMAGE_TYPES];
/**
 * HEIC/HEIF photos (iPhones, Macs, many Android phones) are accepted too, recognised by their bytes,
 * and stored as JPEG: browsers other than Safari cannot show HEIC.
 */
export const UPLOAD_HEIC_TYPES = ['image/heic', 'image/heif'] as const;
/** The extension a HEIC/HEIF upload is stored with. */
export const UPLOAD_HEIC_STORED_AS: UploadImageExtension = 'jpg';
/**
 * For `<input type="file" accept>`: the accepted types (the server still checks the bytes), and the
 * HEIC extensions, which browsers outside Apple's systems give no MIME type.
 */
export const UPLOAD_ACCEPT = [...Object.keys(UPLOAD_IMAGE_TYPES), ...UPLOAD_HEIC_TYPES, '.heic', '.heif'].join(',');
/** What refusals of an unaccepted type list. */
export const UPLOAD_ACCEPTED_LABEL = 'PNG, JPEG, GIF, WebP, AVIF or HEIC';
/**
 * The most pixels an upload may have (all frames of an animation together), read from its header
 * before a pixel is decoded: a 108-megapixel phone sensor fits, a decompression bomb does not.
 */
export const UPLOAD_MAX_PIXELS = 120_000_000;
export const UPLOAD_MAX_PIXELS_LABEL = '120 megapixels';
/**
 * A still image is stored with at most this many pixels on its long edge (WordPress's big-image
 * threshold): enough for any screen at 2x, a fraction of a phone photo's bytes. The original's
 * pixel size is recorded (`uploads.original_width`/`original_height`).
 */
export const UPLOAD_MAX_EDGE = 2560;

/**
 * tRPC `uploads.image`: a `FormData` with the file in the field `image` (send it with a non-batched
 * `httpLink`; tRPC 11 passes FormData through as is).
 */
export const uploadImageInputSchema = z.custom<FormData>(
  (value) => typeof FormData !== 'undefined' && value instanceof FormData,
  { error: `Send the image as multipart form data in the field "${UPLOAD_FIELD}"` },
);

/** `POST /api/upload/audio`: an audio clip (a post's audio block, a vocabulary word's pronunciation). */
export const UPLOAD_AUDIO_PATH = '/api/upload/audio';
/** The multipart field of `POST /api/upload/audio` (and of the FormData of tRPC `uploads.audio`). */
export const UPLOAD_AUDIO_FIELD = 'audio';
/**
 * The largest audio clip: a lesson's recording of several minutes as MP3 or M4A (about 1 MB a
 * minute at 128 kbit/s); a WAV of that length is not (it should be compressed first).
 */
export const UPLOAD_AUDIO_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_AUDIO_MAX_BYTES_LABEL = '20 MB';
/** For `<input type="file" accept>` (the server still checks the bytes); `.m4a` as some systems give no type. */
export const UPLOAD_AUDIO_ACCEPT = [
  ...Object.keys(UPLOAD_AUDIO_TYPES),
  'audio/x-m4a',
  'audio/x-wav',
  '.mp3',
  '.m4a',
  '.ogg',
  '.oga',
  '.opus',
  '.wav',
].join(',');
/** What refusals of an unaccepted audio type list. */
export const UPLOAD_AUDIO_ACCEPTED_LABEL = 'MP3, M4A, OGG or WAV';
/** tRPC `uploads.audio`: a `FormData` with the file in the field `audio` (sent like `uploads.image`). */
export const uploadAudioInputSchema = z.custom<FormData>(
  (value) => typeof FormData !== 'undefined' && value instanceof FormData,
  { error: `Send the audio as multipart form data in the field "${UPLOAD_AUDIO_FIELD}"` },
);

/** The field of `POST /api/upload/import` and tRPC `uploads.importUrl`. */
export const IMPORT_URL_FIELD = 'url';
/** The longest image address an import takes (browsers' own practical limit for URLs is far above). */
export const IMPORT_URL_MAX_LENGTH = 2000;

/**
 * `POST /api/upload/import` `{ url }` and tRPC `uploads.importUrl`: an http(s) image address the
 * server fetches (public addresses only, see docs/development/uploads.md) and stores like an upload.
 */
export const importImageInputSchema = z.object({
  [IMPORT_URL_FIELD]: textInput({ error: 'url is required' })
    .trim()
    .min(1, { error: 'url is required' })
    .max(IMPORT_URL_MAX_LENGTH, { error: `must be at most ${IMPORT_URL_MAX_LENGTH} characters` })
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })),
});
export type ImportImageInput = z.infer<typeof importImageInputSchema>;

/**
 * `POST /api/upload/video-poster` `{ provider, id }` and tRPC `uploads.videoPoster`: the server finds the
 * video's picture (YouTube's fixed address, Vimeo's through its oEmbed answer), stores it like an upload
 * and answers it with the video's title when the host says it.
 */
export const videoPosterInputSchema = z
  .object({
    provider: z.enum(VIDEO_PROVIDER_NAMES as [VideoProviderName, ...VideoProviderName[]], {
      error: `provider must be one of ${VIDEO_PROVIDER_NAMES.join(', ')}`,
    }),
    id: textInput({ error: 'id is required' }).trim().min(1, { error: 'id is required' }).max(20, {
      error: 'must be at most 20 characters',
    }),
  })
  .superRefine((value, context) => {
    if (!VIDEO_ID_PATTERNS[value.provider].test(value.id)) {
      context.addIssue({ code: 'custom', path: ['id'], message: `must be a ${value.provider} video id` });
    }
  });
export type VideoPosterInput = z.infer<typeof videoPosterInputSchema>;

/** The answer of `uploads.videoPoster`: the stored file name, and the video's title (null when not known). */
export const videoPosterAnswerSchema = z.object({ name: z.string(), title: z.string().nullable() });
export type VideoPosterAnswer = z.infer<typeof videoPosterAnswerSchema>;
