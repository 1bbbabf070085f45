import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: true });

/** A link written in a Markdown file, with the line it is on (1-based). */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** The URLs in raw HTML (`<img src>`, `<a href>`), which Markdown leaves as they are. */
const HTML_URL = /\b(?:href|src)\s*=\s*["']([^"']+)["']/g;

/** Links and images, outside code blocks and code spans (Markdown's own reading of the file). */
export function linksOf(text: string): MarkdownLink[] {
  const lines = text.split('\n');
  const links: MarkdownLink[] = [];
  // A block knows its lines, not where each of its links is: the link's line is the first of the
  // block's that holds it (or the block's first line, when the target was written differently).
  const add = (target: string, block: MarkdownIt.Token) => {
    const [start, end] = block.map ?? [0, lines.length];
    const offset = lines.slice(start, end).findIndex((line) => line.includes(target));
    links.push({ target, line: start + Math.max(offset, 0) + 1 });
  };
  for (const block of markdown.parse(text, {})) {
    if (block.type === 'html_block') {
      for (const match of block.content.matchAll(HTML_URL)) add(match[1], block);
    }
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') add(String(token.attrGet('href')), block);
      if (token.type === 'image') add(String(token.attrGet('src')), block);
      if (token.type === 'html_inline') for (const match of token.content.matchAll(HTML_URL)) add(match[1], block);
    }
  }
  return links.map((link) => ({ ...link, target: decodeURI(link.target) }));
}

/** The anchors of a Markdown file's headings, as GitHub makes them (repeated ones numbered). */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(text, {});
  const anchors = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    // GitHub slugs the heading's text as shown: code spans and links count by their text.
    const shown = (tokens[index + 1].children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    anchors.add(slugger.slug(shown));
  });
  return anchors;
}

/** `http:`, `mailto:` …: not checked (nothing is fetched). */
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Every relative link and anchor of `files` (paths inside `root`) that leads nowhere, as
 * `file:line: link (why)`: a missing file, or an anchor that no heading of the Markdown file has.
 */
export function brokenLinks(root: string, files: string[]): string[] {
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (path: string) => {
    if (!anchors.has(path)) anchors.set(path, anchorsOf(readFileSync(path, 'utf8')));
    return anchors.get(path) as Set<string>;
  };
  const broken: string[] = [];
  for (const file of files) {
    const path = join(root, file);
    for (const { target, line } of linksOf(readFileSync(path, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      const [pathPart, anchor] = target.split('#', 2);
      // GitHub reads `/x` from the repository's root, `x` from the linking file's folder.
      const linked = !pathPart ? path : pathPart.startsWith('/') ? join(root, pathPart) : join(dirname(path), pathPart);
      const where = `${file}:${line}: ${target}`;
      if (!existsSync(linked)) {
        broken.push(`${where} (no file ${relative(root, linked)})`);
      } else if (anchor && statSync(linked).isFile() && linked.endsWith('.md') && !anchorsIn(linked).has(anchor)) {
        broken.push(`${where} (no heading "${anchor}" in ${relative(root, linked)})`);
      }
    }
  }
  return broken;
}
