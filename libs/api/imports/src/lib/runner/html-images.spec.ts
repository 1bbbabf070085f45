import { audioUrlsIn, replaceAudioUrls } from './html-images';

describe('the audio clips of imported HTML', () => {
  const html =
    '<figure class="audio"><audio controls preload="none" src="https://old.example/a.mp3"></audio><figcaption>A</figcaption></figure>' +
    '<p>x</p><audio controls><source src="https://old.example/b.ogg" type="audio/ogg">Fallback</audio>' +
    '<figure class="audio"><audio controls src="https://old.example/gone.mp3"></audio><figcaption>Gone</figcaption></figure>';

  it("finds each player's address, its src or its first source", () => {
    expect(audioUrlsIn(html)).toEqual([
      'https://old.example/a.mp3',
      'https://old.example/b.ogg',
      'https://old.example/gone.mp3',
    ]);
  });

  it('points the players at the clips brought over, and removes one that could not be had with its figure', () => {
    const brought: Record<string, string> = {
      'https://old.example/a.mp3': '/uploads/a.mp3',
      'https://old.example/b.ogg': '/uploads/b.ogg',
    };
    expect(replaceAudioUrls(html, (url) => brought[url] ?? null)).toBe(
      '<figure class="audio"><audio controls preload="none" src="/uploads/a.mp3"></audio><figcaption>A</figcaption></figure>' +
        '<p>x</p><audio controls src="/uploads/b.ogg"></audio>',
    );
  });
});
