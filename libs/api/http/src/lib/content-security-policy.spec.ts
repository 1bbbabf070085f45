import { htmlContentSecurityPolicy } from './content-security-policy';

describe('htmlContentSecurityPolicy', () => {
  it('runs only scripts with the answer nonce and what they load, and loads nothing from outside without tags', () => {
    const policy = htmlContentSecurityPolicy({ siteUrl: 'http://localhost:3000' })('abc123');
    expect(policy.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'nonce-abc123' 'strict-dynamic' https:",
      "style-src 'self' 'nonce-abc123'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      "connect-src 'self'",
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
  });

  it("opens what Google's guide lists for the configured tags only, and upgrades http on an https site", () => {
    const gtmOnly = htmlContentSecurityPolicy({ siteUrl: 'https://blog.example', gtmId: 'GTM-A1' })('n');
    expect(gtmOnly).toContain("connect-src 'self' https://www.googletagmanager.com https://*.googletagmanager.com");
    expect(gtmOnly).toContain(
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.googletagmanager.com;',
    );
    expect(gtmOnly).not.toContain('doubleclick');
    expect(gtmOnly.endsWith('; upgrade-insecure-requests')).toBe(true);

    const adsOnly = htmlContentSecurityPolicy({ siteUrl: 'http://localhost', adsConversionId: 'AW-1/x' })('n');
    expect(adsOnly).toContain('https://www.googleadservices.com');
    expect(adsOnly).toContain(
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://bid.g.doubleclick.net https://td.doubleclick.net https://www.googletagmanager.com',
    );
    expect(adsOnly).not.toContain('google-analytics');
    expect(adsOnly).not.toContain('upgrade-insecure-requests');
  });
});
