#!/usr/bin/env node
/**
 * Reports what a post page (`/{post_slug}`) makes the browser download from the web build: the
 * JavaScript and CSS `dist/apps/web/index.html` loads (the entry, the chunks it preloads, its
 * stylesheets), each file's size raw and gzip-compressed as the server sends it (zlib's default
 * level, as the `compression` middleware uses). The lazy chunks the post page does not load are
 * listed apart. Run it after `npx nx build web`:
 *
 *   node tools/scripts/bundle-size.mjs [--json] [dist-dir]
 *
 * It fails (exit code 1) when the post page's JavaScript carries rich-text editor (Slate) code or
 * zod: the editor and the admin area stay in lazy chunks, and zod loads with the contact form's
 * validation only (a module the entry shares with a lazy chunk is bundled whole into the entry).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const distDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist/apps/web');
const indexPath = join(distDir, 'index.html');
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(indexPath)) {
  console.error(`No web build in ${distDir}: run \`npx nx build web\` first.`);
  process.exit(1);
}

/** The JS and CSS files `index.html` loads, in page order (paths relative to the build). */
function filesOfIndexHtml(html) {
  const files = [];
  const tag = /<(script|link)\b([^>]*)>/gi;
  for (const [, name, attributes] of html.matchAll(tag)) {
    const attribute = (key) => attributes.match(new RegExp(`\\b${key}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    const rel = attribute('rel');
    const url = name.toLowerCase() === 'script' ? attribute('src') : attribute('href');
    const loads = name.toLowerCase() === 'script' ? Boolean(url) : rel === 'stylesheet' || rel === 'modulepreload';
    if (loads && url && !/^[a-z]+:\/\//i.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/**
 * The manifest's view: the entry's file, its static imports (recursively) and their CSS. It must
 * agree with index.html; the lazy chunks are what the entry imports dynamically, never statically.
 */
function filesOfManifest(manifest) {
  const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (!entryKey) return { eager: [], lazy: [] };
  const eager = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || eager.has(chunk.file)) return;
    eager.add(chunk.file);
    for (const css of chunk.css ?? []) eager.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const lazy = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry)
    .map((chunk) => ({ src: chunk.src, files: [chunk.file, ...(chunk.css ?? [])].filter((file) => !eager.has(file)) }));
  return { eager: [...eager], lazy };
}

function measure(file) {
  const content = readFileSync(join(distDir, file));
  return { file, raw: content.length, gzip: gzipSync(content).length, content };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const isJs = (file) => file.endsWith('.js');

const htmlFiles = filesOfIndexHtml(readFileSync(indexPath, 'utf8'));
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
const fromManifest = manifest ? filesOfManifest(manifest) : { eager: [], lazy: [] };
// Everything index.html names, plus anything the manifest says the entry needs that it did not name.
const postPage = [...new Set([...htmlFiles, ...fromManifest.eager])].map(measure);
const lazy = fromManifest.lazy.map((chunk) => ({ ...chunk, files: chunk.files.map(measure) }));

const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);
const js = postPage.filter((file) => isJs(file.file));
const css = postPage.filter((file) => !isJs(file.file));
const totals = {
  js: { raw: sum(js, 'raw'), gzip: sum(js, 'gzip') },
  css: { raw: sum(css, 'raw'), gzip: sum(css, 'gzip') },
  all: { raw: sum(postPage, 'raw'), gzip: sum(postPage, 'gzip') },
};
const editorLeaks = js.filter((file) => file.content.includes('data-slate-')).map((file) => file.file);
const zodLeaks = js.filter((file) => file.content.includes('ZodError')).map((file) => file.file);

if (asJson) {
  const strip = ({ file, raw, gzip }) => ({ file, raw, gzip });
  console.log(
    JSON.stringify(
      {
        distDir,
        postPage: postPage.map(strip),
        totals,
        lazy: lazy.map((chunk) => ({ src: chunk.src, files: chunk.files.map(strip) })),
        editorLeaks,
        zodLeaks,
      },
      null,
      2,
    ),
  );
} else {
  const row = (label, raw, gzip) => `  ${label.padEnd(46)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)}`;
  console.log(`What a post page loads from ${distDir}:`);
  console.log(`  ${'file'.padEnd(46)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
  for (const file of postPage) console.log(row(file.file, file.raw, file.gzip));
  console.log(row('JavaScript', totals.js.raw, totals.js.gzip));
  console.log(row('CSS', totals.css.raw, totals.css.gzip));
  console.log(row('total', totals.all.raw, totals.all.gzip));
  if (!manifest) console.log('  (no .vite/manifest.json: lazy chunks not listed)');
  if (lazy.length > 0) {
    console.log('Loaded only by the pages that need them (not by a post page):');
    for (const chunk of lazy) {
      console.log(`  ${chunk.src}`);
      for (const file of chunk.files) console.log(row(`  ${file.file}`, file.raw, file.gzip));
    }
  }
}

if (editorLeaks.length > 0) {
  console.error(`Rich-text editor code is in the post page's JavaScript: ${editorLeaks.join(', ')}`);
  process.exit(1);
}
if (zodLeaks.length > 0) {
  console.error(`zod is in the post page's JavaScript: ${zodLeaks.join(', ')}`);
  process.exit(1);
}
