import { decodePercent, oldPath, wordPressImagePaths } from './wordpress-paths';

describe('wordPressImagePaths', () => {
  const paths = wordPressImagePaths('https://example.com');

  it('finds the original of a size WordPress made, and leaves other images alone', () => {
    expect(paths.originalUrl('https://example.com/wp-content/uploads/2019/05/photo-300x200.jpg')).toBe(
      'https://example.com/wp-content/uploads/2019/05/photo.jpg',
    );
    expect(paths.originalUrl('https://example.com/wp-content/uploads/2019/05/photo-scaled.jpg')).toBe(
      'https://example.com/wp-content/uploads/2019/05/photo.jpg',
    );
    expect(paths.originalUrl('https://example.com/wp-content/uploads/2019/05/photo-scaled-1024x683.JPG')).toBe(
      'https://example.com/wp-content/uploads/2019/05/photo.JPG',
    );
    expect(paths.originalUrl('https://a.files.wordpress.com/2008/06/100_5478.jpg?w=604')).toBe(
      'https://a.files.wordpress.com/2008/06/100_5478.jpg',
    );
    expect(paths.originalUrl('/wp-content/uploads/2019/05/a-150x150.png')).toBe('/wp-content/uploads/2019/05/a.png');
    // Not an upload: its name is its own.
    expect(paths.originalUrl('https://cdn.example.org/banner-300x200.jpg')).toBe(
      'https://cdn.example.org/banner-300x200.jpg',
    );
    expect(paths.originalUrl('https://example.com/wp-content/uploads/2019/05/photo.jpg')).toBe(
      'https://example.com/wp-content/uploads/2019/05/photo.jpg',
    );
  });

  it('maps an upload to its path inside the uploads folder, decoded, and nothing else', () => {
    expect(paths.zipPath('https://example.com/wp-content/uploads/2019/05/a.jpg')).toBe('2019/05/a.jpg');
    expect(paths.zipPath('/wp-content/uploads/2019/05/%e1%ba%a3nh%201.jpg')).toBe('2019/05/ảnh 1.jpg');
    expect(paths.zipPath('https://old-domain.com/blog/wp-content/uploads/sites/2/2019/05/a.jpg')).toBe(
      'sites/2/2019/05/a.jpg',
    );
    expect(paths.zipPath('https://wpthemetestdata.files.wordpress.com/2013/03/a.jpg')).toBe('2013/03/a.jpg');
    expect(paths.zipPath('https://example.com/images/a.jpg')).toBeNull();
    expect(paths.zipPath('https://example.com/wp-content/uploads/2019/%2e%2e/%2e%2e/secret')).toBeNull();
    expect(paths.zipPath('https://example.com/wp-content/uploads/')).toBeNull();
    expect(paths.zipPath('data:image/png;base64,AAAA')).toBeNull();
  });

  it('fetches an absolute address, resolving one relative to the site', () => {
    expect(paths.fetchUrl('/wp-content/uploads/2019/05/a.jpg')).toBe(
      'https://example.com/wp-content/uploads/2019/05/a.jpg',
    );
    expect(paths.fetchUrl('//cdn.example.org/a.jpg')).toBe('https://cdn.example.org/a.jpg');
    expect(paths.fetchUrl('javascript:alert(1)')).toBeNull();
    expect(wordPressImagePaths(null).fetchUrl('/wp-content/uploads/a.jpg')).toBeNull();
    expect(wordPressImagePaths(null).fetchUrl('http://example.com/a.jpg')).toBe('http://example.com/a.jpg');
  });
});

describe('oldPath and decodePercent', () => {
  it('keeps the path and query of an address, decoded, with the slashes WordPress reads', () => {
    expect(oldPath('https://example.com/2019/05/08/%c4%91i-h%e1%bb%99i-an/')).toBe('/2019/05/08/đi-hội-an/');
    expect(oldPath('https://example.com/?p=12')).toBe('/?p=12');
    expect(oldPath('https://example.com//greek/a')).toBe('/greek/a');
    expect(oldPath('mailto:a@example.com')).toBeNull();
  });

  it('leaves percent-encoding that is not UTF-8 as written', () => {
    expect(decodePercent('%e1%bb%8d-%ff-100%')).toBe('ọ-%ff-100%');
  });
});
