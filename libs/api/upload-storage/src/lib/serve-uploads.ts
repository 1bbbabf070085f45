import type { NextFunction, Request, Response } from 'express';
import type { UploadFiles } from './upload-files';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * `/uploads/{name}` (GET and HEAD) from this instance's cache, filled from PostgreSQL on a miss:
 * `Cache-Control: public, max-age=31536000, immutable` (a name never changes content), an ETag and
 * conditional answers, byte ranges for audio players (`Accept-Ranges`, 206, 416, `If-Range`: Express's
 * `sendFile`, which reads `Range` with `range-parser`), the content type stored with the file, `nosniff`.
 * An unknown name goes on to the app's 404.
 */
export function serveUploadFiles(files: UploadFiles) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    files.get(name).then(
      (file) => {
        if (!file) return next();
        res.setHeader('Content-Type', file.contentType);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.sendFile(file.path, { maxAge: ONE_YEAR_MS, immutable: true, dotfiles: 'allow' }, (error) => {
          // A client that went away is no error of ours.
          if (error && !res.headersSent) next(error);
        });
      },
      (error: unknown) => next(error),
    );
  };
}
