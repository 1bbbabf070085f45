import { UPLOAD_AUDIO_TYPES, type UploadAudioExtension } from '@blog/contracts';

/**
 * Audio clips are recognised by their own bytes, never their name or declared type, and more
 * strictly than by a signature alone: an MP3 by consecutive valid MPEG audio frame headers (after an
 * ID3 tag), an Ogg by its first packet being a Vorbis or Opus header (not a video), an M4A by an MP4
 * whose tracks are sound and never video, a WAV by its RIFF `WAVE` form with a `fmt ` chunk.
 */
export function audioExtensionOf(bytes: Uint8Array): UploadAudioExtension | undefined {
  if (isWav(bytes)) return 'wav';
  if (isOggAudio(bytes)) return 'ogg';
  if (isMp4Audio(bytes)) return 'm4a';
  if (isMp3(bytes)) return 'mp3';
  return undefined;
}

/** `mp3` → `audio/mpeg`: the content type stored with (and served for) a clip of that type. */
export function audioContentTypeOf(extension: UploadAudioExtension): string {
  const entry = Object.entries(UPLOAD_AUDIO_TYPES).find(([, value]) => value === extension);
  if (!entry) throw new Error(`No content type for .${extension}`);
  return entry[0];
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  start + length <= bytes.length ? String.fromCharCode(...bytes.subarray(start, start + length)) : '';
const u32be = (bytes: Uint8Array, at: number) =>
  ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
const u32le = (bytes: Uint8Array, at: number) =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

/** RIFF `WAVE` with a `fmt ` chunk among its first chunks. */
function isWav(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return false;
  for (let at = 12, chunks = 0; at + 8 <= bytes.length && chunks < 16; chunks++) {
    if (ascii(bytes, at, 4) === 'fmt ') return u32le(bytes, at + 4) >= 16;
    // Chunks are padded to an even size.
    at += 8 + u32le(bytes, at + 4) + (u32le(bytes, at + 4) % 2);
  }
  return false;
}

/** An Ogg stream whose first packet is a Vorbis or an Opus identification header. */
function isOggAudio(bytes: Uint8Array): boolean {
  if (ascii(bytes, 0, 4) !== 'OggS' || bytes[4] !== 0 || bytes.length < 28) return false;
  const packet = 27 + bytes[26];
  return ascii(bytes, packet, 7) === '\x01vorbis' || ascii(bytes, packet, 8) === 'OpusHead';
}

/** The boxes directly inside `[start, end)` of an ISO-BMFF file: their type and content range. */
function* boxes(bytes: Uint8Array, start: number, end: number): Generator<[string, number, number]> {
  let at = start;
  while (at + 8 <= end) {
    let size = u32be(bytes, at);
    let header = 8;
    if (size === 1) {
      // A 64-bit size: no clip of ours is over 4 GB, so its high half must be zero.
      if (at + 16 > end || u32be(bytes, at + 8) !== 0) return;
      size = u32be(bytes, at + 12);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield [ascii(bytes, at + 4, 4), at + header, at + size];
    at += size;
  }
}

const child = (bytes: Uint8Array, start: number, end: number, type: string) => {
  for (const box of boxes(bytes, start, end)) if (box[0] === type) return box;
  return undefined;
};

/** An MP4 (`ftyp` first) whose tracks include sound and no video: an M4A, not a film renamed. */
function isMp4Audio(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 4) !== 'ftyp') return false;
  const moov = child(bytes, 0, bytes.length, 'moov');
  if (!moov) return false;
  const handlers: string[] = [];
  for (const [type, start, end] of boxes(bytes, moov[1], moov[2])) {
    if (type !== 'trak') continue;
    const mdia = child(bytes, start, end, 'mdia');
    const hdlr = mdia && child(bytes, mdia[1], mdia[2], 'hdlr');
    // Version and flags (4 bytes), pre_defined (4 bytes), then the handler type.
    if (hdlr) handlers.push(ascii(bytes, hdlr[1] + 8, 4));
  }
  return handlers.includes('soun') && !handlers.includes('vide');
}

/** Bit rates (kbit/s) of Layer III by index, for MPEG-1 and for MPEG-2/2.5. */
const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = [44100, 48000, 32000];

/** The length of the MPEG-1/2/2.5 Layer III frame whose header is at `at`, or 0 when there is none there. */
function mp3FrameLength(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return 0;
  const version = (bytes[at + 1] >> 3) & 3; // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = (bytes[at + 1] >> 1) & 3; // 1: Layer III (0 is AAC's ADTS, not MP3)
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? MPEG1_BITRATES : MPEG2_BITRATES)[bitrateIndex] * 1000;
  const sampleRate = SAMPLE_RATES[rateIndex] / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (bytes[at + 2] >> 1) & 1;
  return Math.floor(((mpeg1 ? 144 : 72) * bitrate) / sampleRate) + padding;
}

/** How far a first frame may follow the ID3 tag (some encoders pad with zeros). */
const MAX_PADDING = 4096;

/**
 * MPEG audio Layer III: after any ID3v2 tag (and zero padding), a valid frame header followed by
 * another where the first frame ends (one frame alone only when the file ends with it).
 */
function isMp3(bytes: Uint8Array): boolean {
  let at = 0;
  while (ascii(bytes, at, 3) === 'ID3' && at + 10 <= bytes.length) {
    // A synchsafe size (7 bits a byte), plus the header and the footer when flagged.
    const size =
      ((bytes[at + 6] & 0x7f) << 21) |
      ((bytes[at + 7] & 0x7f) << 14) |
      ((bytes[at + 8] & 0x7f) << 7) |
      (bytes[at + 9] & 0x7f);
    at += 10 + size + (bytes[at + 5] & 0x10 ? 10 : 0);
  }
  const limit = Math.min(bytes.length, at + MAX_PADDING);
  while (at < limit && bytes[at] === 0) at++;
  const first = mp3FrameLength(bytes, at);
  if (first === 0) return false;
  return at + first >= bytes.length || mp3FrameLength(bytes, at + first) > 0;
}
