import { isUploadName, UPLOAD_VARIANT_FORMATS, type UploadVariantFormat } from '@blog/contracts';

/** `{name}-{width}.{avif|webp}`: what a variant's file name looks like. */
const VARIANT_NAME = /^([A-Za-z0-9][A-Za-z0-9._-]*)-(\d{1,4})\.(avif|webp)$/;

export interface VariantName {
  /** The original's name without its extension. */
  base: string;
  width: number;
  format: UploadVariantFormat;
}

/** `photo-480.webp` → `{base: 'photo', width: 480, format: 'webp'}`; undefined for any other name. */
export function parseVariantName(name: string): VariantName | undefined {
  const match = isUploadName(name) ? VARIANT_NAME.exec(name) : null;
  if (!match) return undefined;
  const format = match[3] as UploadVariantFormat;
  return UPLOAD_VARIANT_FORMATS.includes(format) ? { base: match[1], width: Number(match[2]), format } : undefined;
}
