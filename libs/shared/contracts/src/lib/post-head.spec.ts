import { postHeadOf } from './post-head';

const SITE_NAME = 'Nhật ký của Lan';

describe('postHeadOf', () => {
  it('takes the meta fields, then the title, then the site name', () => {
    const post = {
      title: ' Hà Giang ',
      meta_title: ' Đi Hà Giang ',
      meta_description: ' Mùa hoa ',
      meta_keywords: ' ha giang ',
    };
    expect(postHeadOf(post, SITE_NAME)).toEqual({ title: 'Đi Hà Giang', description: 'Mùa hoa', keywords: 'ha giang' });
    expect(postHeadOf({ ...post, meta_title: ' ', meta_description: '', meta_keywords: '' }, SITE_NAME)).toEqual({
      title: 'Hà Giang',
      description: SITE_NAME,
      keywords: SITE_NAME,
    });
    expect(postHeadOf({ ...post, title: '', meta_title: '' }, SITE_NAME).title).toBe(SITE_NAME);
  });
});
