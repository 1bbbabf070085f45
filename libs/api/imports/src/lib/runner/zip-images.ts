import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { SITE_ARCHIVE_LIMITS, UPLOAD_AUDIO_MAX_BYTES, UPLOAD_MAX_BYTES } from '@blog/contracts';
import { SourceFileError } from '../sources/source-model';

/** The largest entry: what the uploads take of an image or an audio clip. */
const MAX_ENTRY_BYTES = Math.max(UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES);
/** A zip bomb as a site archive's restore tells one: past the floor, packed more than `maxRatio` to 1. */
const { maxRatio, ratioFloorBytes } = SITE_ARCHIVE_LIMITS;
/** Folders the owner's zip may start with before the dated folders (`wp-content/uploads/2019/05/a.jpg`, `content/images/2026/11/a.jpg`). */
const LEADING_FOLDERS = ['wp-content/', 'content/', 'uploads/', 'images/'];

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

/** The names an entry is found under: its own, and without each leading folder the owner's zip may have. */
function lookupNames(name: string): string[] {
  const names = [name];
  let rest = name;
  for (const folder of LEADING_FOLDERS) {
    if (rest.startsWith(folder)) {
      rest = rest.slice(folder.length);
      names.push(rest);
    }
  }
  return names;
}

/** Why an entry makes the zip unsafe, by its declared sizes (yauzl checks the bytes against them), or null. */
function unsafeEntry(entry: Entry): string | null {
  if (entry.uncompressedSize > MAX_ENTRY_BYTES) return `is larger than the upload limit (${MAX_ENTRY_BYTES} bytes)`;
  if (entry.uncompressedSize > ratioFloorBytes && entry.uncompressedSize > entry.compressedSize * maxRatio) {
    return `unpacks to more than ${maxRatio} times its packed size (a zip bomb?)`;
  }
  return null;
}

/**
 * The images zip an owner uploads beside their export (`wp-content/uploads`, Ghost's `content/images`),
 * read in place: an index of its entries first, which refuses the whole zip (the import fails, nothing
 * written) for an absolute path, `..` or a backslash (yauzl), an entry over the upload limit or a zip
 * bomb; then one entry's bytes at a time.
 */
export class ZipImages {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(path: string): Promise<ZipImages> {
    let zip: ZipFile;
    try {
      zip = await openZip(path);
    } catch (error) {
      throw new SourceFileError('images', `The images file is not a readable zip: ${(error as Error).message}`);
    }
    const entries = new Map<string, Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          if (!entry.fileName.endsWith('/')) {
            const unsafe = unsafeEntry(entry);
            if (unsafe) return reject(new Error(`${entry.fileName} ${unsafe}`));
            for (const name of lookupNames(entry.fileName)) if (!entries.has(name)) entries.set(name, entry);
          }
          zip.readEntry();
        });
        zip.on('end', resolve);
        zip.on('error', reject);
        zip.readEntry();
      });
    } catch (error) {
      zip.close();
      throw new SourceFileError('images', `The images zip is damaged or unsafe: ${(error as Error).message}`);
    }
    return new ZipImages(zip, entries);
  }

  /** The bytes at `path` (`2019/05/a.jpg`), or why they cannot be had. */
  async read(path: string): Promise<Buffer | { missing: string }> {
    const entry = this.entries.get(path);
    if (!entry) return { missing: 'not in the images zip' };
    try {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        this.zip.openReadStream(entry, (error, readStream) => (error ? reject(error) : resolve(readStream))),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      return { missing: `unreadable in the zip: ${(error as Error).message}` };
    }
  }

  close(): void {
    this.zip.close();
  }
}
