import { parseVideoUrl, videoRef, VIDEO_FRAME_ORIGINS, VIDEO_PROVIDERS } from './video-embeds';

describe('parseVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=3', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['  https://vimeo.com/76979871  ', 'vimeo', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'vimeo', '76979871'],
  ])('reads %s', (url, provider, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider, id });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload',
    'https://www.youtube.com/@channel',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//https://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/about',
    'not a url',
  ])('leaves %s a plain link', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe('the providers', () => {
  it('play from the frame origins the policy allows, and check ids', () => {
    for (const provider of Object.values(VIDEO_PROVIDERS)) {
      expect(VIDEO_FRAME_ORIGINS).toContain(new URL(provider.player('1')).origin);
    }
    expect(videoRef('vimeo', '12a')).toBeNull();
    expect(videoRef('toString', '1')).toBeNull();
  });
});
