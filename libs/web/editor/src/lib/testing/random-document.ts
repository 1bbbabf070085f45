import type { FormattedText, InlineNode } from '../custom-types';
import type { BlockSample, RandomSource } from '../blocks/block';

/** Random documents for the round-trip tests: a deterministic generator, so failures reproduce. */

const CHARACTERS = [
  'a',
  'b',
  'Z',
  ' ',
  ' ',
  ' ',
  '\u00a0',
  '\n',
  '&',
  '<',
  '>',
  '"',
  "'",
  'ạ',
  'ế',
  'e\u0301',
  '\t',
  '🙂',
  '=',
];
const COLORS = ['#e60000', '#0066cc', '#000000', '#ffffff'];
const URLS = [
  'https://example.com/x?y=1&z=2',
  'mailto:a@b.example',
  '/posts',
  // eslint-disable-next-line no-script-url -- a dangerous address on purpose
  'javascript:alert(1)',
  'about:blank',
  'tel:+84',
];
const IMAGES = ['/uploads/a.png', 'https://cdn.example/b.jpg', 'data:image/gif;base64,R0lGOD'];
const CLIPS = ['/uploads/0b6f6c3e.mp3', '/uploads/lesson-1.ogg', '/uploads/a.m4a', '/uploads/b.wav'];

export function randomSource(seed: number, inlineSamples: readonly BlockSample[] = []): RandomSource {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const text = (code = false): string => {
    const length = int(8);
    let result = '';
    for (let i = 0; i < length; i++) result += pick(code ? CHARACTERS.filter((c) => c !== '\n') : CHARACTERS);
    return result;
  };
  const leaf = (): FormattedText => {
    const result: FormattedText = { text: text() };
    if (next() < 0.3) result.bold = true;
    if (next() < 0.3) result.italic = true;
    if (next() < 0.2) result.underline = true;
    if (next() < 0.2) result.strike = true;
    if (next() < 0.2) result.color = pick(COLORS);
    if (next() < 0.15) result.lang = pick(['en', 'vi'] as const);
    return result;
  };
  const source: RandomSource = {
    next,
    int,
    pick,
    text,
    field: () => text(true),
    maybe: <K extends string>(key: K, chance = 0.5) =>
      (next() < chance ? { [key]: text(true) } : {}) as Partial<Record<K, string>>,
    images: IMAGES,
    clips: CLIPS,
    inlines: () => {
      const children: InlineNode[] = [];
      const count = int(5);
      for (let i = 0; i < count; i++) {
        const roll = next();
        if (roll < 0.15)
          children.push({
            type: 'link',
            url: pick(URLS),
            ...(next() < 0.5 ? { newTab: true } : {}),
            children: [leaf(), leaf()],
          });
        else if (roll < 0.25)
          children.push({
            type: 'image',
            url: pick(IMAGES),
            ...(next() < 0.5 ? { alt: 'An "image" & more' } : {}),
            children: [{ text: '' }],
          });
        else if (roll < 0.3 && inlineSamples.length > 0) children.push(pick(inlineSamples).make(source) as InlineNode);
        else children.push(leaf());
      }
      return children.length ? children : [{ text: '' }];
    },
  };
  return source;
}
