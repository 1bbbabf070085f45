/** Reading the inline CSS of foreign HTML (Google Docs, Word, web pages): only what maps to a format. */

/** `style` attribute text as lower-case property names to raw values (last declaration wins). */
export function parseStyle(style: string | null): Map<string, string> {
  const declarations = new Map<string, string>();
  if (!style) return declarations;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (property && value) declarations.set(property, value);
  }
  return declarations;
}

/** CSS named colours a pasted document is likely to use (Word writes `red`, `blue` ...). */
const NAMED_COLORS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  maroon: '#800000',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  yellow: '#ffff00',
  navy: '#000080',
  blue: '#0000ff',
  teal: '#008080',
  aqua: '#00ffff',
  cyan: '#00ffff',
  purple: '#800080',
  fuchsia: '#ff00ff',
  magenta: '#ff00ff',
  silver: '#c0c0c0',
  gray: '#808080',
  grey: '#808080',
  orange: '#ffa500',
  brown: '#a52a2a',
  pink: '#ffc0cb',
  gold: '#ffd700',
  darkred: '#8b0000',
  darkgreen: '#006400',
  darkblue: '#00008b',
  darkgray: '#a9a9a9',
  darkgrey: '#a9a9a9',
  lightgray: '#d3d3d3',
  lightgrey: '#d3d3d3',
  indigo: '#4b0082',
  violet: '#ee82ee',
};

const hex2 = (value: number): string =>
  Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');

function channel(raw: string): number | null {
  const value = raw.trim();
  if (/^\d+(\.\d+)?%$/.test(value)) return (parseFloat(value) / 100) * 255;
  if (/^\d+(\.\d+)?$/.test(value)) return parseFloat(value);
  return null;
}

function alpha(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  const value = raw.trim();
  if (/^\d*(\.\d+)?%$/.test(value)) return parseFloat(value) / 100;
  if (/^\d*(\.\d+)?$/.test(value) && value !== '') return parseFloat(value);
  return null;
}

/**
 * A CSS colour as the lower-case `#rrggbb` the editor stores, or null when it is not an opaque
 * colour we can name (`inherit`, `windowtext`, a transparent `rgba` ...).
 */
export function normalizeColor(input: string | null | undefined): string | null {
  if (!input) return null;
  const value = input.trim().toLowerCase();
  let match = /^#([0-9a-f]{3,4})$/.exec(value);
  if (match) {
    const digits = match[1];
    if (digits.length === 4 && digits[3] !== 'f') return null;
    return `#${digits[0]}${digits[0]}${digits[1]}${digits[1]}${digits[2]}${digits[2]}`;
  }
  match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(value);
  if (match) return match[2] === undefined || match[2] === 'ff' ? `#${match[1]}` : null;
  match = /^rgba?\(([^)]*)\)$/.exec(value);
  if (match) {
    const parts = match[1].includes(',')
      ? match[1].split(',')
      : match[1]
          .replace('/', ' / ')
          .split(/\s+/)
          .filter((p) => p && p !== '/');
    if (parts.length < 3 || parts.length > 4) return null;
    const [r, g, b] = parts.slice(0, 3).map(channel);
    const a = alpha(parts[3]);
    if (r === null || g === null || b === null || a === null || a < 1) return null;
    return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  }
  return NAMED_COLORS[value] ?? null;
}

/** `true`/`false` for a bold or normal `font-weight`, null when it says neither. */
export function fontWeightIsBold(value: string | undefined): boolean | null {
  if (!value) return null;
  const weight = value.trim().toLowerCase();
  if (weight === 'bold' || weight === 'bolder') return true;
  if (weight === 'normal' || weight === 'lighter') return false;
  const numeric = Number(weight);
  return Number.isFinite(numeric) && numeric > 0 ? numeric >= 600 : null;
}
