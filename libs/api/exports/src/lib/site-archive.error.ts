import { DomainError, type DomainErrorCode } from '@blog/api/core';

/**
 * An archive refused before anything was written: `file` names what is wrong (`site.json`, an entry
 * of the zip, or the zip itself) and `reason` why, in words an owner can act on. It is a
 * `DomainError`, so a door answers it as 400 (413 for what is too large, 415 for what is no zip).
 */
export class SiteArchiveError extends DomainError {
  constructor(
    readonly file: string,
    readonly reason: string,
    code: DomainErrorCode = 'BAD_REQUEST',
  ) {
    super(code, `${file}: ${reason}`, [{ field: file, message: reason }]);
    this.name = 'SiteArchiveError';
  }
}
