import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a session secret of at least thirty-two characters', 'test');

  it('opens what it sealed, in the same context only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'user:2')).toThrow();
  });

  it('seals the same text differently each time (a random IV)', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a value altered, or sealed under another server secret or purpose', () => {
    const sealed = box.seal('secret', 'c');
    const flipped = Buffer.from(sealed.slice(3), 'base64url');
    flipped[flipped.length - 1] ^= 1;
    expect(() => box.open(`v1.${flipped.toString('base64url')}`, 'c')).toThrow();
    expect(() => new SecretBox('another server secret, also long enough', 'test').open(sealed, 'c')).toThrow();
    expect(() =>
      new SecretBox('a session secret of at least thirty-two characters', 'other').open(sealed, 'c'),
    ).toThrow();
    expect(() => box.open('plain text', 'c')).toThrow('Not a sealed value');
  });

  it('digests with its key: stable for one key, different for another', () => {
    expect(box.digest('abcde12345')).toMatch(/^[0-9a-f]{64}$/);
    expect(box.digest('abcde12345')).toBe(box.digest('abcde12345'));
    expect(new SecretBox('another server secret, also long enough', 'test').digest('abcde12345')).not.toBe(
      box.digest('abcde12345'),
    );
  });
});
