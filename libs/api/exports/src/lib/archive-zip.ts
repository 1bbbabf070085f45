import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { isUploadName, SITE_ARCHIVE_JSON, SITE_ARCHIVE_LIMITS, SITE_ARCHIVE_UPLOADS_DIR } from '@blog/contracts';
import { SiteArchiveError } from './site-archive.error';

const ZIP = 'the zip';

/** The entries of an archive, every one checked for its name and sizes before any is read. */
export interface ArchiveZip {
  siteJson: Entry;
  /** By upload name. */
  uploads: Map<string, Entry>;
  /** An entry's bytes, refused past its cap whatever its header said. */
  read(entry: Entry): Promise<Readable>;
  close(): void;
}

/**
 * Opens the zip at `path` and checks its central directory: only `site.json` and
 * `uploads/{upload name}` (no absolute path, no `..`, no backslash, nothing else), each within its
 * size cap, none packed suspiciously tight (a zip bomb), all together within the total cap. Names
 * are decoded here rather than by yauzl, so that a refusal names the entry.
 */
export async function openArchiveZip(path: string): Promise<ArchiveZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, file) =>
        error
          ? reject(new SiteArchiveError(ZIP, `is not a readable zip (${error.message})`, 'UNSUPPORTED_MEDIA_TYPE'))
          : resolve(file),
    ),
  );
  try {
    const entries = await listEntries(zip);
    return { ...entries, read: (entry) => readEntry(zip, entry), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function listEntries(zip: ZipFile): Promise<Pick<ArchiveZip, 'siteJson' | 'uploads'>> {
  return new Promise((resolve, reject) => {
    let siteJson: Entry | undefined;
    const uploads = new Map<string, Entry>();
    let total = 0;
    let count = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners('entry');
      reject(error);
    };
    zip.on('error', (error: Error) => fail(new SiteArchiveError(ZIP, `is damaged (${error.message})`)));
    zip.on('end', () => {
      if (!siteJson) return fail(new SiteArchiveError(SITE_ARCHIVE_JSON, 'is missing: this is not a site archive'));
      resolve({ siteJson, uploads });
    });
    zip.on('entry', (entry: Entry) => {
      try {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        checkEntry(name, entry);
        if (++count > SITE_ARCHIVE_LIMITS.entries) {
          throw new SiteArchiveError(ZIP, `has more than ${SITE_ARCHIVE_LIMITS.entries} entries`, 'PAYLOAD_TOO_LARGE');
        }
        total += entry.uncompressedSize;
        if (total > SITE_ARCHIVE_LIMITS.totalBytes) {
          throw new SiteArchiveError(
            ZIP,
            `holds more than ${SITE_ARCHIVE_LIMITS.totalBytes} bytes uncompressed`,
            'PAYLOAD_TOO_LARGE',
          );
        }
        if (name === SITE_ARCHIVE_JSON) {
          if (siteJson) throw new SiteArchiveError(name, 'is in the zip twice');
          siteJson = entry;
        } else if (name !== SITE_ARCHIVE_UPLOADS_DIR) {
          const upload = name.slice(SITE_ARCHIVE_UPLOADS_DIR.length);
          if (uploads.has(upload)) throw new SiteArchiveError(name, 'is in the zip twice');
          uploads.set(upload, entry);
        }
        zip.readEntry();
      } catch (error) {
        fail(error);
      }
    });
    zip.readEntry();
  });
}

/** Refuses an entry by its name, its flags and its declared sizes. */
function checkEntry(name: string, entry: Entry): void {
  if (name.includes('\\')) throw new SiteArchiveError(name, 'has a backslash in its name');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw new SiteArchiveError(name, 'is an absolute path');
  if (name.split('/').includes('..')) throw new SiteArchiveError(name, 'climbs out of the archive (..)');
  const isUpload =
    name.startsWith(SITE_ARCHIVE_UPLOADS_DIR) && isUploadName(name.slice(SITE_ARCHIVE_UPLOADS_DIR.length));
  if (name !== SITE_ARCHIVE_JSON && name !== SITE_ARCHIVE_UPLOADS_DIR && !isUpload) {
    throw new SiteArchiveError(
      name,
      `is not expected in a site archive (only ${SITE_ARCHIVE_JSON} and uploads/{name})`,
    );
  }
  if (entry.isEncrypted()) throw new SiteArchiveError(name, 'is encrypted');
  const cap = capOf(name);
  if (entry.uncompressedSize > cap) {
    throw new SiteArchiveError(name, `is larger than ${cap} bytes uncompressed`, 'PAYLOAD_TOO_LARGE');
  }
  if (
    entry.uncompressedSize > SITE_ARCHIVE_LIMITS.ratioFloorBytes &&
    entry.uncompressedSize > entry.compressedSize * SITE_ARCHIVE_LIMITS.maxRatio
  ) {
    throw new SiteArchiveError(
      name,
      `unpacks to more than ${SITE_ARCHIVE_LIMITS.maxRatio} times its packed size (a zip bomb?)`,
      'PAYLOAD_TOO_LARGE',
    );
  }
}

const capOf = (name: string) =>
  name === SITE_ARCHIVE_JSON ? SITE_ARCHIVE_LIMITS.siteJsonBytes : SITE_ARCHIVE_LIMITS.uploadBytes;

async function readEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  const name = (entry.fileName as unknown as Buffer).toString('utf8');
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) =>
      error ? reject(new SiteArchiveError(name, `cannot be read (${error.message})`)) : resolve(readable),
    ),
  );
  // The header's sizes are checked by yauzl too (validateEntrySizes); this holds even if it lied.
  const cap = capOf(name);
  let seen = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > cap)
        callback(new SiteArchiveError(name, `is larger than ${cap} bytes uncompressed`, 'PAYLOAD_TOO_LARGE'));
      else callback(null, chunk);
    },
  });
  stream.on('error', (error: Error) =>
    capped.destroy(
      error instanceof SiteArchiveError ? error : new SiteArchiveError(name, `is damaged (${error.message})`),
    ),
  );
  return stream.pipe(capped);
}
