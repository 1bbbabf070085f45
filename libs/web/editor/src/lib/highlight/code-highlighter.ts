import type { CodeLanguage } from '@blog/shared/html';
import { HIGHLIGHT_INTERVAL_MS } from '../constants';
import { highlightCode, type CodeToken } from './highlight-code';

/** One code block as the highlighter sees it: a stable identity, its text and language. */
export interface CodeSource {
  key: object;
  text: string;
  language: CodeLanguage;
}

/** What a view reads the tokens from; a new one after every run that changed something. */
export interface HighlightView {
  tokens: (source: CodeSource) => CodeToken[];
}

export interface CodeHighlighterOptions {
  /** The code blocks of the document now. */
  collect: () => Iterable<CodeSource>;
  /** Called with a new view after a run that highlighted something, so the editor can redraw. */
  onUpdate: (view: HighlightView) => void;
  /** At most one run per this many milliseconds (default 1000). */
  interval?: number;
  now?: () => number;
  highlight?: (code: string, language: CodeLanguage) => CodeToken[];
}

interface Highlighted {
  text: string;
  language: CodeLanguage;
  tokens: CodeToken[];
}

/**
 * Syntax highlighting of the document's code blocks, throttled: a request runs at once if the last
 * run is at least `interval` ago, else once when the interval is up (requests in between share that
 * run). Between runs, a block that was edited keeps the tokens of its last run, moved to follow the
 * edit, so colours do not flicker while typing.
 */
export class CodeHighlighter {
  private readonly cache = new WeakMap<object, Highlighted>();
  private readonly interval: number;
  private readonly now: () => number;
  private readonly highlight: (code: string, language: CodeLanguage) => CodeToken[];
  private lastRun = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: CodeHighlighterOptions) {
    this.interval = options.interval ?? HIGHLIGHT_INTERVAL_MS;
    this.now = options.now ?? (() => Date.now());
    this.highlight = options.highlight ?? highlightCode;
  }

  request(): void {
    if (this.timer !== null) return;
    const wait = this.lastRun + this.interval - this.now();
    if (wait <= 0) this.run();
    else this.timer = setTimeout(() => this.run(), wait);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A view of the tokens (its identity changes with each run that changed something). */
  view(): HighlightView {
    return { tokens: (source) => this.tokens(source) };
  }

  /** The tokens to show for a block now (exact after a run, carried over from the last run otherwise). */
  tokens(source: CodeSource): CodeToken[] {
    const entry = this.cache.get(source.key);
    if (!entry || entry.language !== source.language) return [];
    return entry.text === source.text ? entry.tokens : carryOver(entry, source.text);
  }

  private run(): void {
    this.timer = null;
    this.lastRun = this.now();
    let changed = false;
    for (const source of this.options.collect()) {
      const entry = this.cache.get(source.key);
      if (entry && entry.text === source.text && entry.language === source.language) continue;
      this.cache.set(source.key, {
        text: source.text,
        language: source.language,
        tokens: this.highlight(source.text, source.language),
      });
      changed = true;
    }
    if (changed) this.options.onUpdate(this.view());
  }
}

/** Tokens of `entry` moved onto `text`: kept before the edit, shifted after it, dropped inside it. */
function carryOver(entry: Highlighted, text: string): CodeToken[] {
  const old = entry.text;
  const shortest = Math.min(old.length, text.length);
  let prefix = 0;
  while (prefix < shortest && old[prefix] === text[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && old[old.length - 1 - suffix] === text[text.length - 1 - suffix]) suffix++;
  const editedEnd = old.length - suffix;
  const shift = text.length - old.length;
  const tokens: CodeToken[] = [];
  for (const token of entry.tokens) {
    if (token.start < prefix) tokens.push({ ...token, end: Math.min(token.end, prefix) });
    if (token.end > editedEnd)
      tokens.push({ ...token, start: Math.max(token.start, editedEnd) + shift, end: token.end + shift });
  }
  return tokens.filter((token) => token.end > token.start);
}
