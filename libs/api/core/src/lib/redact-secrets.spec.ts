import { API_TOKEN_PREFIX } from '@blog/contracts';
import { REDACTED, redactSecrets, redactUrlCredentials } from './redact-secrets';
import { newSecretToken } from './secret-tokens';

describe('redactSecrets (every log line, the 404 log, webhook delivery errors)', () => {
  const token = newSecretToken();
  const apiToken = `${API_TOKEN_PREFIX}${newSecretToken()}`;
  const webhookSecret = `whsec_${newSecretToken()}`;

  it('redacts the values of parameters named like a credential, whatever they look like', () => {
    for (const name of [
      'api_key',
      'apikey',
      'api-key',
      'key',
      'auth',
      'bearer',
      'token',
      'access_token',
      'password',
      'client_secret',
      'sig',
    ]) {
      expect(redactSecrets(`GET /api/posts?page=2&${name}=s3cr3t&q=hoi 200`)).toBe(
        `GET /api/posts?page=2&${name}=${REDACTED}&q=hoi 200`,
      );
    }
    expect(redactSecrets('/search?keywords=du+lich&monkey=1')).toBe('/search?keywords=du+lich&monkey=1');
  });

  it('redacts our secrets wherever they stand: a path, a query, JSON in a URL, a header, a message', () => {
    const input = encodeURIComponent(JSON.stringify({ token }));
    const cases = [
      `/api/previews/${token}`,
      `/preview/${token}?utm_source=mail`,
      `/trpc/posts.preview?input=${input}`,
      `/api/x?q=${apiToken}`,
      `{"msg":"Bearer ${apiToken}"}`,
      `signing with ${webhookSecret} failed`,
      `https://owner:${token}@hooks.example/x`,
    ];
    for (const text of cases) {
      const redacted = redactSecrets(text);
      expect(redacted).not.toContain(token);
      expect(redacted).not.toContain(apiToken.slice(API_TOKEN_PREFIX.length));
      expect(redacted).not.toContain(webhookSecret.slice('whsec_'.length));
      expect(redacted).toContain(REDACTED);
    }
    expect(redactSecrets(`/api/previews/${token}`)).toBe(`/api/previews/${REDACTED}`);
    expect(redactSecrets(`/api/x?q=${apiToken}`)).toBe(`/api/x?q=${API_TOKEN_PREFIX}${REDACTED}`);
    expect(redactSecrets('Authorization: Basic b3duZXI6aHVudGVyMg==')).toBe(`Authorization: Basic ${REDACTED}`);
    expect(redactSecrets('Basic settings saved by a bearer of good news')).toBe(
      'Basic settings saved by a bearer of good news',
    );
  });

  it('leaves what only looks long alone: slugs, UUIDs, hex hashes', () => {
    const text =
      '/a-long-slug-about-hoi-an-lanterns-and-rain-x 3f1c2a4e-9b7d-4c1e-8f2a-1b2c3d4e5f60 ' +
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(redactSecrets(text)).toBe(text);
  });

  it('redactUrlCredentials masks only the user name and password of a URL', () => {
    expect(redactUrlCredentials('https://owner:hunter2@hooks.example/x?token=kept')).toBe(
      `https://${REDACTED}@hooks.example/x?token=kept`,
    );
    expect(redactUrlCredentials('https://hooks.example/x')).toBe('https://hooks.example/x');
  });
});
