import {
  UPLOAD_AUDIO_ACCEPTED_LABEL,
  UPLOAD_AUDIO_FIELD,
  UPLOAD_AUDIO_MAX_BYTES_LABEL,
  UPLOAD_FIELD,
  videoPosterAnswerSchema,
} from '@blog/contracts';
import { describeRoutes } from '@blog/api/openapi';

const FILE_NAME = {
  description: 'The stored file name (served under `/uploads/`)',
  contentType: 'text/plain',
  schema: { type: 'string' },
};

export const uploadsApi = describeRoutes('Uploads', {
  'POST /api/upload': {
    summary: 'Upload an image (multipart field `image`)',
    body: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: [UPLOAD_FIELD],
        properties: { [UPLOAD_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    },
    answers: { 200: FILE_NAME },
    errors: [415, 429],
  },
  'POST /api/upload/audio': {
    summary: `Upload an audio clip (multipart field \`audio\`: ${UPLOAD_AUDIO_ACCEPTED_LABEL}, at most ${UPLOAD_AUDIO_MAX_BYTES_LABEL})`,
    body: {
      contentType: 'multipart/form-data',
      schema: {
        type: 'object',
        required: [UPLOAD_AUDIO_FIELD],
        properties: { [UPLOAD_AUDIO_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
    },
    answers: { 200: FILE_NAME },
    errors: [415, 429],
  },
  'POST /api/upload/import': {
    summary: "Store an image fetched from another site's URL (public addresses only)",
    answers: { 200: FILE_NAME },
    errors: [415, 429],
  },
  'POST /api/upload/video-poster': {
    summary:
      "Store a YouTube or Vimeo video's picture (Vimeo's found through its oEmbed answer), with the video's title when known",
    answers: { 200: videoPosterAnswerSchema },
    errors: [413, 415, 429],
  },
});
