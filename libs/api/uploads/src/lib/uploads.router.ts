import { Injectable } from '@nestjs/common';
import { uploadImageInputSchema } from '@blog/contracts';
import { adminProcedure, router } from '@blog/api/core';
import { UploadsService } from './uploads.service';

@Injectable()
export class UploadsRouter {
  constructor(private readonly uploads: UploadsService) {}

  readonly router = router({
    /**
     * The same as `POST /api/upload`: a FormData with the file in `image` (sent through a non-batched
     * `httpLink`); answers the stored file name.
     */
    image: adminProcedure.input(uploadImageInputSchema).mutation(({ input }) => this.uploads.storeFormImage(input)),
  });
}
