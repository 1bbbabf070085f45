import { postHeadOf } from './post-head';
import { SITE_NAME } from './site';

describe('postHeadOf', () => {
  it('takes the meta fields, then the title, then the site name', () => {
    const post = {
      title: ' Hà Giang ',
      meta_title: ' Đi Hà Giang ',
      meta_description: ' Mùa hoa ',
      meta_keywords: ' ha giang ',
    };
    expect(postHeadOf(post)).toEqual({ title: 'Đi Hà Giang', description: 'Mùa hoa', keywords: 'ha giang' });
    expect(postHeadOf({ ...post, meta_title: ' ', meta_description: '', meta_keywords: '' })).toEqual({
      title: 'Hà Giang',
      description: SITE_NAME,
      keywords: SITE_NAME,
    });
    expect(postHeadOf({ ...post, title: '', meta_title: '' }).title).toBe(SITE_NAME);
  });
});
