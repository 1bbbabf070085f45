import { SLUG_PATTERN } from '@blog/contracts';
import { foldText, toSlug } from './slug';

describe('toSlug', () => {
  it('folds Vietnamese letters', () => {
    expect(toSlug('Tiếng Anh cơ bản')).toBe('tieng-anh-co-ban');
    expect(toSlug('Đà Lạt, Hà Giang & Hội An!')).toBe('da-lat-ha-giang-and-hoi-an');
  });

  it('always answers a slug the API accepts', () => {
    for (const title of ['  Hello   World  ', 'C# / C++ tips', 'Ẩm thực Sài Gòn – phần 2', 'x'.repeat(300) + ' y']) {
      expect(toSlug(title)).toMatch(SLUG_PATTERN);
      expect(toSlug(title).length).toBeLessThanOrEqual(200);
    }
  });
});

describe('foldText', () => {
  it('folds accents, đ, case and punctuation alike, whatever the length', () => {
    expect(foldText('Hà Giang, mùa hoa tam giác mạch!')).toBe(foldText('ha giang mua hoa tam giac mach'));
    expect(foldText('Đường lên Đồng Văn')).toBe('duong-len-dong-van');
    expect(foldText('từ '.repeat(100)).length).toBe('tu-'.repeat(100).length - 1);
  });
});
