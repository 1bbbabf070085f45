import { safeImageUrl, safeLinkUrl } from './urls';

describe('safeLinkUrl', () => {
  it.each([
    'http://a.example',
    'https://a.example/x',
    'mailto:a@b.example',
    'tel:+84912',
    'sms:+84912',
    '/posts',
    '#top',
    'page?x=1',
  ])('keeps %s', (url) => expect(safeLinkUrl(url)).toBe(url));
  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:x',
    'jav\u0000ascript:x',
    'file:///etc/passwd',
    'about:config',
    '//evil.example',
  ])('turns %s into about:blank', (url) => expect(safeLinkUrl(url)).toBe('about:blank'));
});

describe('safeImageUrl', () => {
  it.each([
    'https://a.example/x.png',
    'http://a.example/x.jpg',
    '/uploads/x.webp',
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:image/gif;base64,R0lGOD',
    'data:image/webp;base64,UklGR',
  ])('keeps %s', (url) => expect(safeImageUrl(url)).toBe(url));
  it.each([
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PGI+',
    'javascript:x',
    'ftp://a/x.png',
    '//evil.example/x.png',
    '',
  ])('refuses %p', (url) => expect(safeImageUrl(url)).toBeNull());
});
