import { changedFields, diffText, htmlToText } from './text-diff';

describe('htmlToText', () => {
  it('reads blocks as lines, strips tags and entities, collapses spaces', () => {
    expect(htmlToText('<h2>Hà  Nội</h2><p>Phố <strong>cổ</strong>&nbsp;đẹp</p><ul><li>một</li><li>hai</li></ul>')).toBe(
      'Hà Nội\nPhố cổ đẹp\nmột\nhai',
    );
  });

  it('keeps line breaks and shows images by their alt text', () => {
    expect(htmlToText('<p>a<br>b</p><p><img src="/x.jpg" alt="Hồ Gươm"></p><p><img src="/y.jpg"></p>')).toBe(
      'a\nb\n[Image: Hồ Gươm]\n[Image]',
    );
  });

  it('never runs what it reads (a script is text at most, an onerror never fires)', () => {
    const onerror = jest.fn();
    (window as unknown as { hacked: jest.Mock }).hacked = onerror;
    expect(htmlToText('<p>x</p><img src="nope" alt="" onerror="hacked()">')).toBe('x\n[Image]');
    expect(onerror).not.toHaveBeenCalled();
  });

  it('normalises to NFC', () => {
    const nfd = 'Hà Nội'.normalize('NFD');
    expect(htmlToText(`<p>${nfd}</p>`)).toBe('Hà Nội'.normalize('NFC'));
  });
});

describe('diffText', () => {
  it('tells "Hà Nội" from "Ha Noi", the two changed words read as one change', () => {
    expect(diffText('Đi Hà Nội hôm nay', 'Đi Ha Noi hôm nay')).toEqual([
      { kind: 'same', text: 'Đi ' },
      { kind: 'removed', text: 'Hà Nội' },
      { kind: 'added', text: 'Ha Noi' },
      { kind: 'same', text: ' hôm nay' },
    ]);
  });

  it('leaves out of a change the spaces both sides end with', () => {
    expect(diffText('Phở bò tái ở Hà Nội', 'Phở gà ở Hà Nội')).toEqual([
      { kind: 'same', text: 'Phở ' },
      { kind: 'removed', text: 'bò tái' },
      { kind: 'added', text: 'gà' },
      { kind: 'same', text: ' ' },
      { kind: 'same', text: 'ở Hà Nội' },
    ]);
  });

  it('keeps each side readable as written when changes are grouped', () => {
    const before = 'một hai ba bốn năm';
    const after = 'một HAI ba BỐN NĂM sáu';
    const parts = diffText(before, after);
    const side = (kind: 'removed' | 'added') =>
      parts
        .filter((part) => part.kind === 'same' || part.kind === kind)
        .map((part) => part.text)
        .join('');
    expect(side('removed')).toBe(before);
    expect(side('added')).toBe(after);
  });

  it('finds no change between the NFD and the NFC spelling of the same words', () => {
    const nfc = 'Phở bò ở Hà Nội'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    expect(diffText(nfd, nfc)).toEqual([{ kind: 'same', text: nfc }]);
  });

  it('marks whole words added and removed, never half a word with its diacritics cut', () => {
    const parts = diffText('Tôi yêu Việt Nam', 'Tôi rất yêu Việt Nam');
    expect(parts.filter((part) => part.kind !== 'same')).toEqual([{ kind: 'added', text: 'rất ' }]);
  });
});

describe('changedFields', () => {
  it('lists only the fields whose text differs, NFD and NFC being the same', () => {
    const before = [
      { key: 'title', label: 'Title', text: 'Hà Nội'.normalize('NFD') },
      { key: 'slug', label: 'Slug', text: 'ha-noi' },
      { key: 'content', label: 'Content', text: 'Một' },
    ];
    const after = [
      { key: 'title', label: 'Title', text: 'Hà Nội' },
      { key: 'slug', label: 'Slug', text: 'ha-noi-2' },
      { key: 'content', label: 'Content', text: 'Hai' },
    ];
    expect(changedFields(before, after)).toEqual([
      { key: 'slug', label: 'Slug', before: 'ha-noi', after: 'ha-noi-2' },
      { key: 'content', label: 'Content', before: 'Một', after: 'Hai' },
    ]);
  });
});
