import { Injectable } from '@nestjs/common';
import {
  importImageInputSchema,
  uploadAudioInputSchema,
  uploadImageInputSchema,
  videoPosterInputSchema,
} from '@blog/contracts';
import { adminProcedure, router, tokenScope } from '@blog/api/http';
import { ImageImportService } from './image-import.service';
import { UploadsService } from './uploads.service';
import { VideoPosterService } from './video-poster.service';

@Injectable()
export class UploadsRouter {
  constructor(
    private readonly uploads: UploadsService,
    private readonly imports: ImageImportService,
    private readonly posters: VideoPosterService,
  ) {}

  readonly router = router({
    /**
     * The same as `POST /api/upload`: a FormData with the file in `image` (sent through a non-batched
     * `httpLink`); answers the stored file name.
     */
    image: adminProcedure
      .meta(tokenScope('uploads:write'))
      .input(uploadImageInputSchema)
      .mutation(({ input }) => this.uploads.storeFormImage(input)),
    /** The same as `POST /api/upload/audio`: a FormData with the clip in `audio`; answers the stored file name. */
    audio: adminProcedure
      .meta(tokenScope('uploads:write'))
      .input(uploadAudioInputSchema)
      .mutation(({ input }) => this.uploads.storeFormAudio(input)),
    /** The same as `POST /api/upload/import`: `{ url }` of an image on another site; answers the stored file name. */
    importUrl: adminProcedure
      .meta(tokenScope('uploads:write'))
      .input(importImageInputSchema)
      .mutation(({ input }) => this.imports.importUrl(input.url)),
    /** The same as `POST /api/upload/video-poster`: `{ provider, id }`; answers `{ name, title }`. */
    videoPoster: adminProcedure
      .meta(tokenScope('uploads:write'))
      .input(videoPosterInputSchema)
      .mutation(({ input }) => this.posters.videoPoster(input)),
  });
}
