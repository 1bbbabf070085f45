import { Body, Controller, HttpCode, Post, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import {
  importImageInputSchema,
  UPLOAD_AUDIO_FIELD,
  UPLOAD_AUDIO_MAX_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MAX_BYTES,
  videoPosterInputSchema,
  type ImportImageInput,
  type VideoPosterAnswer,
  type VideoPosterInput,
} from '@blog/contracts';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { ImageImportService } from './image-import.service';
import { AudioUploadErrorsInterceptor, UploadErrorsInterceptor } from './upload-errors.interceptor';
import { audioUploadErrors, uploadErrors, UploadsService } from './uploads.service';
import { VideoPosterService } from './video-poster.service';

/** What multer (memory storage) hands over; only the bytes are used. */
interface ReceivedFile {
  buffer: Buffer;
}

@Controller()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly imports: ImageImportService,
    private readonly posters: VideoPosterService,
  ) {}

  /**
   * The spec's `POST /api/upload`: multipart field `image`, administrators only; answers 200 with the
   * stored file name as plain text. The guard runs before multer, so nobody else's body is even read.
   */
  @TokenScope('uploads:write')
  @Post('upload')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @UseInterceptors(
    UploadErrorsInterceptor,
    // No storage given: multer keeps the file in memory; the limits cap what it accepts to read.
    FileInterceptor(UPLOAD_FIELD, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
    }),
  )
  async upload(
    @UploadedFile() file: ReceivedFile | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (!file) throw uploadErrors.missing();
    const name = await this.uploads.storeImage(file.buffer);
    // Set only on success (a decorator's header would stay on the JSON of an error too).
    res.type('text/plain; charset=utf-8');
    return name;
  }

  /**
   * `POST /api/upload/audio`: multipart field `audio` (MP3, M4A, OGG or WAV by its bytes), administrators
   * only; answers 200 with the stored file name as plain text, like `POST /api/upload`.
   */
  @TokenScope('uploads:write')
  @Post('upload/audio')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  @UseInterceptors(
    AudioUploadErrorsInterceptor,
    FileInterceptor(UPLOAD_AUDIO_FIELD, {
      limits: { fileSize: UPLOAD_AUDIO_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
    }),
  )
  async uploadAudio(
    @UploadedFile() file: ReceivedFile | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (!file) throw audioUploadErrors.missing();
    const name = await this.uploads.storeAudio(file.buffer);
    res.type('text/plain; charset=utf-8');
    return name;
  }

  /**
   * `POST /api/upload/import` `{ url }`: the server fetches an image from another site (public
   * addresses only, guarded: see docs/development/uploads.md) and stores it like an upload; answers the stored file
   * name as plain text, like `POST /api/upload`.
   */
  @TokenScope('uploads:write')
  @Post('upload/import')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  async importUrl(
    @Body(new ZodValidationPipe(importImageInputSchema)) body: ImportImageInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const name = await this.imports.importUrl(body.url);
    res.type('text/plain; charset=utf-8');
    return name;
  }

  /**
   * `POST /api/upload/video-poster` `{ provider, id }`: a YouTube or Vimeo video's picture stored like an
   * upload (Vimeo's found through its oEmbed answer); answers `{ name, title }`.
   */
  @TokenScope('uploads:write')
  @Post('upload/video-poster')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  videoPoster(@Body(new ZodValidationPipe(videoPosterInputSchema)) body: VideoPosterInput): Promise<VideoPosterAnswer> {
    return this.posters.videoPoster(body);
  }
}
