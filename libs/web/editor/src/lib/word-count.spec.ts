import { htmlToSlate } from './serialization/html-to-slate';
import { countWords } from './word-count';

describe('countWords', () => {
  it('counts words line by line (Vietnamese syllables too), links included, and images', () => {
    const document = htmlToSlate(
      '<h2>Hà Nội mùa thu</h2><p>Phố <a href="/x">cổ Hà</a> Nội<br />và hồ</p><ul><li>one</li><li>two three</li></ul>' +
        '<figure><img src="/uploads/a.jpg" /><figcaption>Hồ Gươm</figcaption></figure><p>x <img src="/uploads/b.jpg" /> y</p>',
    );
    expect(countWords(document)).toEqual({ words: 4 + 6 + 3 + 2, images: 2, minutes: 1 });
  });

  it('gives the reading time of a long text and none of an empty one below a minute', () => {
    expect(countWords(htmlToSlate(`<p>${'từ '.repeat(1100)}</p>`)).minutes).toBe(5);
    expect(countWords(htmlToSlate(''))).toEqual({ words: 0, images: 0, minutes: 1 });
  });
});
