import { sanitizeRichText } from './sanitize';
import { vocabularyEntriesOf, vocabularyHtml } from './vocabulary';

describe('vocabulary', () => {
  const entries = [
    {
      word: ' look  after ',
      ipa: '/lʊk ˈɑːf.tər/',
      pos: 'phrasal verb',
      meaning: 'chăm sóc',
      example: 'She looks after <3> kids & cats.',
    },
    { word: '', meaning: 'a word still to write' },
    { word: 'go', pos: 'made-up', meaning: 'đi' },
  ];

  it('writes the entries that have a word, as the policy keeps them, and reads them back', () => {
    const html = vocabularyHtml(entries);
    expect(html).toBe(
      '<dl class="vocabulary"><div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">look after</span> ' +
        '<span class="vocabulary-ipa">/lʊk ˈɑːf.tər/</span> <span class="vocabulary-pos">phrasal verb</span></dt>' +
        '<dd class="vocabulary-meaning" lang="vi">chăm sóc</dd><dd class="vocabulary-example" lang="en">She looks after &lt;3&gt; kids &amp; cats.</dd></div>' +
        '<div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">go</span></dt><dd class="vocabulary-meaning" lang="vi">đi</dd></div></dl>',
    );
    expect(sanitizeRichText(html)).toBe(html);
    expect(vocabularyEntriesOf(`<p>x</p>${sanitizeRichText(html)}<p>y</p>`)).toEqual([
      {
        word: 'look after',
        ipa: '/lʊk ˈɑːf.tər/',
        pos: 'phrasal verb',
        meaning: 'chăm sóc',
        example: 'She looks after <3> kids & cats.',
      },
      { word: 'go', meaning: 'đi' },
    ]);
    expect(vocabularyHtml([{ word: ' ' }])).toBe('');
    expect(vocabularyEntriesOf('<p>no list</p>')).toEqual([]);
  });

  it('plays a pronunciation clip of this site beside the word, read back; any other source is dropped', () => {
    const html = vocabularyHtml([
      { word: 'cat & dog', meaning: 'chó mèo', audio: '/uploads/0b6f6c3e-cat.mp3' },
      { word: 'elsewhere', audio: 'https://evil.example/a.mp3' },
      { word: 'picture', audio: '/uploads/photo.png' },
    ]);
    expect(html).toBe(
      '<dl class="vocabulary"><div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">cat &amp; dog</span> ' +
        '<audio class="vocabulary-audio" controls preload="none" src="/uploads/0b6f6c3e-cat.mp3" aria-label="Pronunciation of cat &amp; dog"></audio></dt>' +
        '<dd class="vocabulary-meaning" lang="vi">chó mèo</dd></div>' +
        '<div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">elsewhere</span></dt></div>' +
        '<div class="vocabulary-entry"><dt><span class="vocabulary-word" lang="en">picture</span></dt></div></dl>',
    );
    expect(sanitizeRichText(html)).toBe(html);
    expect(vocabularyEntriesOf(sanitizeRichText(html))).toEqual([
      { word: 'cat & dog', meaning: 'chó mèo', audio: '/uploads/0b6f6c3e-cat.mp3' },
      { word: 'elsewhere' },
      { word: 'picture' },
    ]);
  });
});
