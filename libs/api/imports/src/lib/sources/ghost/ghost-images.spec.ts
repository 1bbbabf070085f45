import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ghostImagePaths, ghostZipPathCandidates } from './ghost-images';
import { GHOST_FIXTURE, GHOST_IMAGES_FIXTURE, itWithFixtures } from '../../../testing/fixtures';

const IMAGES_FOLDER = GHOST_IMAGES_FIXTURE;
const FIXTURE = GHOST_FIXTURE;

const paths = ghostImagePaths();

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(IMAGES_FOLDER, path)];
  });
}

describe('ghostImagePaths', () => {
  it('answers the original of Ghost’s size and format variants, and the URL itself otherwise', () => {
    expect(paths.originalUrl('__GHOST_URL__/content/images/size/w600/2026/11/a.jpg')).toBe(
      '__GHOST_URL__/content/images/2026/11/a.jpg',
    );
    expect(paths.originalUrl('__GHOST_URL__/content/images/size/w600h400/2026/11/a.jpg')).toBe(
      '__GHOST_URL__/content/images/2026/11/a.jpg',
    );
    expect(paths.originalUrl('__GHOST_URL__/content/images/size/w600/h400/2026/11/a.jpg')).toBe(
      '__GHOST_URL__/content/images/2026/11/a.jpg',
    );
    expect(paths.originalUrl('__GHOST_URL__/content/images/size/w1000/format/webp/2026/11/a.png')).toBe(
      '__GHOST_URL__/content/images/2026/11/a.png',
    );
    expect(paths.originalUrl('/content/images/size/w300/a.jpg')).toBe('/content/images/a.jpg');
    // Never the unoptimised upload: the posts show a.jpg.
    expect(paths.originalUrl('__GHOST_URL__/content/images/2026/11/a.jpg')).toBe(
      '__GHOST_URL__/content/images/2026/11/a.jpg',
    );
    // Another site's images are not ours to map.
    expect(paths.originalUrl('https://other.example/content/images/size/w600/a.jpg')).toBe(
      'https://other.example/content/images/size/w600/a.jpg',
    );
  });

  it('maps the site’s image URLs to their path in a zip of the content/images folder', () => {
    expect(paths.zipPath('__GHOST_URL__/content/images/2026/11/a.jpg')).toBe('2026/11/a.jpg');
    expect(paths.zipPath('__GHOST_URL__/content/images/size/w600/2026/11/a.jpg')).toBe('size/w600/2026/11/a.jpg');
    expect(paths.zipPath('__GHOST_URL__/content/images/2026/11/%C4%91%C3%A0%20l%E1%BA%A1t.jpg?v=2#x')).toBe(
      '2026/11/đà lạt.jpg',
    );
    expect(paths.zipPath('/content/images/a.jpg')).toBe('a.jpg');
  });

  it('answers no zip path for other URLs or for a path that would leave the folder', () => {
    for (const url of [
      'https://static.ghost.org/v5.0.0/images/publication-cover.jpg',
      'https://example.com/content/images/a.jpg',
      '__GHOST_URL__/content/media/a.mp4',
      '__GHOST_URL__/content/images/../../config.json',
      '__GHOST_URL__/content/images/%2e%2e/secret',
      '__GHOST_URL__/content/images//etc/passwd',
      '__GHOST_URL__/content/images/a%5C..%5Cb.jpg',
      '__GHOST_URL__/content/images/a%00.jpg',
      '__GHOST_URL__/content/images/%E0%A4%A.jpg',
    ]) {
      expect({ url, zipPath: paths.zipPath(url) }).toEqual({ url, zipPath: null });
    }
  });

  it('fetches absolute http(s) URLs only: __GHOST_URL__ has no host', () => {
    expect(paths.fetchUrl('__GHOST_URL__/content/images/2026/11/a.jpg')).toBeNull();
    expect(paths.fetchUrl('/content/images/a.jpg')).toBeNull();
    expect(paths.fetchUrl('javascript:alert(1)')).toBeNull();
    expect(paths.fetchUrl('https://static.ghost.org/a.jpg')).toBe('https://static.ghost.org/a.jpg');
    expect(paths.fetchUrl('HTTP://example.com/a.jpg')).toBe('HTTP://example.com/a.jpg');
  });

  itWithFixtures(
    'finds every image URL of the real export in its content/images folder, variants included',
    async () => {
      const files = new Set(filesUnder(IMAGES_FOLDER));
      const { readFileSync } = await import('node:fs');
      const urls = new Set(readFileSync(FIXTURE, 'utf8').match(/__GHOST_URL__\/content\/images\/[^"\s\\]+/g));
      expect(urls.size).toBe(12);
      for (const url of urls) {
        expect({ url, found: files.has(paths.zipPath(url) ?? '') }).toEqual({ url, found: true });
        expect({ url, found: files.has(paths.zipPath(paths.originalUrl(url)) ?? '') }).toEqual({ url, found: true });
      }
    },
  );
});

describe('ghostZipPathCandidates', () => {
  it('lists the upload the posts show, then its unoptimised original, then the variant itself', () => {
    expect(ghostZipPathCandidates('__GHOST_URL__/content/images/size/w600/2026/11/a.jpg')).toEqual([
      '2026/11/a.jpg',
      '2026/11/a_o.jpg',
      'size/w600/2026/11/a.jpg',
    ]);
    expect(ghostZipPathCandidates('__GHOST_URL__/content/images/2026/11/a.b.png')).toEqual([
      '2026/11/a.b.png',
      '2026/11/a.b_o.png',
    ]);
    expect(ghostZipPathCandidates('__GHOST_URL__/content/images/noext')).toEqual(['noext', 'noext_o']);
    expect(ghostZipPathCandidates('https://other.example/a.jpg')).toEqual([]);
  });
});
