import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { UPLOAD_AUDIO_FIELD, UPLOAD_FIELD } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { audioUploadErrors, uploadErrors } from './uploads.service';

/**
 * Wraps Nest's `FileInterceptor`: multer's refusals (a file over the size limit, a file in another
 * field, a second file, a malformed body) become domain errors naming the field `image`, so the
 * answer has the API's JSON error shape with the field, like every other refusal.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) return throwError(() => uploadErrors.tooLarge());
        if (error instanceof BadRequestException) {
          return throwError(() => DomainError.invalid([{ field: UPLOAD_FIELD, message: error.message }]));
        }
        return throwError(() => error);
      }),
    );
  }
}

/** The same for `POST /api/upload/audio`: multer's refusals name the field `audio`. */
@Injectable()
export class AudioUploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) return throwError(() => audioUploadErrors.tooLarge());
        if (error instanceof BadRequestException) {
          return throwError(() => DomainError.invalid([{ field: UPLOAD_AUDIO_FIELD, message: error.message }]));
        }
        return throwError(() => error);
      }),
    );
  }
}
