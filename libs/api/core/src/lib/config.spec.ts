import { generateKeyPairSync } from 'node:crypto';
import { join, resolve } from 'node:path';
import { loadConfig } from './config';

const CWD = resolve('/srv/blog');

/** The error `loadConfig` throws for `env`, or fails the test when it throws none. */
function errorOf(env: NodeJS.ProcessEnv): Error {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  describe('with an empty environment', () => {
    const config = loadConfig({}, CWD);

    it('listens on port 3000 and serves http://localhost:3000', () => {
      expect(config.port).toBe(3000);
      expect(config.siteUrl).toBe('http://localhost:3000');
    });

    it('keeps its data in .data under the working directory, uploads inside it', () => {
      expect(config.dataDir).toBe(join(CWD, '.data'));
      expect(config.uploadDir).toBe(join(CWD, '.data', 'uploads'));
      expect(config.uploadCacheDir).toBe(join(CWD, '.data', 'upload-cache'));
    });

    it('seeds the demo and creates admin@example.com with a generated password', () => {
      expect(config.seedDemo).toBe(true);
      expect(config.admin.email).toBe('admin@example.com');
      expect(config.admin.password).toBeUndefined();
      expect(config.databaseUrl).toBeUndefined();
    });
  });

  it('uses the working directory of the process by default', () => {
    expect(loadConfig({}).dataDir).toBe(resolve(process.cwd(), '.data'));
  });

  it('derives the default site URL from PORT', () => {
    const config = loadConfig({ PORT: '8080' }, CWD);
    expect(config.port).toBe(8080);
    expect(config.siteUrl).toBe('http://localhost:8080');
  });

  it('resolves DATA_DIR, UPLOAD_DIR and UPLOAD_CACHE_DIR against the working directory', () => {
    const config = loadConfig(
      { DATA_DIR: 'var/data', UPLOAD_DIR: '/mnt/uploads', UPLOAD_CACHE_DIR: 'cache/uploads' },
      CWD,
    );
    expect(config.dataDir).toBe(join(CWD, 'var/data'));
    expect(config.uploadDir).toBe('/mnt/uploads');
    expect(config.uploadCacheDir).toBe(join(CWD, 'cache/uploads'));
    expect(loadConfig({ DATA_DIR: '/data' }, CWD)).toMatchObject({
      uploadDir: '/data/uploads',
      uploadCacheDir: '/data/upload-cache',
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('reads SEED_DEMO=%s as %p', (value, expected) => {
    expect(loadConfig({ SEED_DEMO: value }, CWD).seedDemo).toBe(expected);
  });

  it('reads the administrator from ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME', () => {
    const config = loadConfig(
      { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'long enough', ADMIN_NAME: 'Owner' },
      CWD,
    );
    expect(config.admin).toEqual({ email: 'owner@example.com', password: 'long enough', name: 'Owner' });
  });

  it.each([
    ['https://blog.example.com/', 'https://blog.example.com'],
    ['https://blog.example.com//', 'https://blog.example.com'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['https://example.com/blog/', 'https://example.com/blog'],
  ])('takes SITE_URL %p without its trailing slash', (value, expected) => {
    expect(loadConfig({ SITE_URL: value, TRUST_PROXY: '1' }, CWD).siteUrl).toBe(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('refuses %p with an error naming %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.message).toContain(variable);
    for (const other of ['PORT', 'SITE_URL', 'ADMIN_PASSWORD', 'ADMIN_EMAIL', 'SEED_DEMO']) {
      if (!variable.includes(other) && !other.includes(variable)) expect(error.message).not.toContain(other);
    }
  });

  it('names every invalid variable at once', () => {
    const error = errorOf({ PORT: 'abc', ADMIN_PASSWORD: 'short' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('ADMIN_PASSWORD');
  });

  it('treats blank optional variables as unset', () => {
    const config = loadConfig({ SITE_URL: ' ', ADMIN_PASSWORD: '', DATABASE_URL: '' }, CWD);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.admin.password).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });
});

describe('loadConfig: marketing tags', () => {
  it('loads no tag while GTM_ID and ADS_CONVERSION_ID are unset or blank', () => {
    for (const env of [{}, { GTM_ID: '', ADS_CONVERSION_ID: '  ' }]) {
      const config = loadConfig(env, CWD);
      expect(config.gtmId).toBeUndefined();
      expect(config.adsConversionId).toBeUndefined();
    }
  });

  it('reads the tag manager container and the conversion id with its label', () => {
    const config = loadConfig({ GTM_ID: ' GTM-AB12CD3 ', ADS_CONVERSION_ID: 'AW-123456789/AbC-d_E' }, CWD);
    expect(config.gtmId).toBe('GTM-AB12CD3');
    expect(config.adsConversionId).toBe('AW-123456789/AbC-d_E');
  });

  it.each([
    [{ GTM_ID: 'UA-1234' }, 'GTM_ID'],
    [{ GTM_ID: 'GTM-<script>' }, 'GTM_ID'],
    [{ ADS_CONVERSION_ID: 'AW-123456789' }, 'ADS_CONVERSION_ID'],
    [{ ADS_CONVERSION_ID: 'AW-12/x"onload' }, 'ADS_CONVERSION_ID'],
  ])('refuses %p with an error naming %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain(variable === 'GTM_ID' ? 'ADS_CONVERSION_ID' : 'GTM_ID');
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it.each([undefined, '', 'false', '0'])('trusts no proxy for %p (the default)', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }, CWD).trustProxy).toBe(false);
  });

  it('reads a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }, CWD).trustProxy).toBe(2);
  });

  it('reads a list of addresses, subnets and the names Express knows', () => {
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,172.18.0.2, fd00::/8, uniquelocal' }, CWD).trustProxy,
    ).toEqual(['loopback', '10.0.0.0/8', '172.18.0.2', 'fd00::/8', 'uniquelocal']);
  });

  it.each(['true', 'proxy.example.com', '10.0.0.0/33', 'loopback,,10.0.0.1', '-1'])(
    'refuses %p with an error naming TRUST_PROXY',
    (value) => {
      expect(errorOf({ TRUST_PROXY: value }).message).toMatch(/^Invalid environment: TRUST_PROXY must be a hop count/);
    },
  );

  it('is required for an https SITE_URL: only a trusted proxy can say a request came over https', () => {
    expect(errorOf({ SITE_URL: 'https://blog.example.com' }).message).toContain(
      'TRUST_PROXY is required when SITE_URL is https',
    );
    expect(loadConfig({ SITE_URL: 'https://blog.example.com', TRUST_PROXY: 'loopback' }, CWD).trustProxy).toEqual([
      'loopback',
    ]);
  });
});

describe('loadConfig: logging', () => {
  it('logs at info, readable in development and JSON in production', () => {
    expect(loadConfig({}, CWD)).toMatchObject({ logLevel: 'info', logFormat: 'pretty' });
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }, CWD)).toMatchObject({
      logLevel: 'info',
      logFormat: 'json',
    });
  });

  it('takes LOG_LEVEL and LOG_FORMAT', () => {
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, CWD)).toMatchObject({
      logLevel: 'debug',
      logFormat: 'json',
    });
    expect(loadConfig({ LOG_LEVEL: 'silent' }, CWD).logLevel).toBe('silent');
  });

  it.each([
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'text' }, 'LOG_FORMAT'],
  ])('refuses %p with an error naming %s', (env, variable) => {
    expect(errorOf(env).message).toContain(variable);
  });
});

describe('loadConfig: IMAGE_IMPORT_ALLOWED_HOSTS', () => {
  it.each([undefined, '', '  '])('lets no private host through for %p (the default)', (value) => {
    expect(loadConfig({ IMAGE_IMPORT_ALLOWED_HOSTS: value }, CWD).imageImportAllowedHosts).toEqual([]);
  });

  it('reads hosts and host:port entries, lower-cased', () => {
    expect(
      loadConfig({ IMAGE_IMPORT_ALLOWED_HOSTS: '127.0.0.1:4313, Intranet.Example.lan ,[::1]:8080' }, CWD)
        .imageImportAllowedHosts,
    ).toEqual(['127.0.0.1:4313', 'intranet.example.lan', '[::1]:8080']);
  });

  it.each(['http://127.0.0.1:80', '127.0.0.1/8', 'host name', '*.example.com'])(
    'refuses %p with an error naming IMAGE_IMPORT_ALLOWED_HOSTS',
    (value) => {
      expect(errorOf({ IMAGE_IMPORT_ALLOWED_HOSTS: value }).message).toMatch(
        /^Invalid environment: IMAGE_IMPORT_ALLOWED_HOSTS must be a comma-separated list of host or host:port/,
      );
    },
  );
});

describe('loadConfig: CORS_ORIGINS', () => {
  it.each([undefined, '', '  '])('allows no origin for %p (the default: CORS closed)', (value) => {
    expect(loadConfig({ CORS_ORIGINS: value }, CWD).corsOrigins).toEqual([]);
  });

  it('reads origins as browsers send them (lower-case host, no default port, no trailing slash)', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://App.Example , http://localhost:5173/,https://api.example:443' }, CWD)
        .corsOrigins,
    ).toEqual(['https://app.example', 'http://localhost:5173', 'https://api.example']);
  });

  it.each(['app.example', 'https://app.example/path', 'ftp://app.example', '*', 'https://user@app.example'])(
    'refuses %p with an error naming CORS_ORIGINS',
    (value) => {
      expect(errorOf({ CORS_ORIGINS: value }).message).toMatch(
        /^Invalid environment: CORS_ORIGINS must be a comma-separated list of origins/,
      );
    },
  );
});

describe('loadConfig: WEBHOOK_ALLOWED_HOSTS and IndexNow', () => {
  it('allows no private webhook host and leaves IndexNow off by default', () => {
    const config = loadConfig({}, CWD);
    expect(config.webhookAllowedHosts).toEqual([]);
    expect(config.indexNow).toBeNull();
  });

  it('reads the webhook hosts as the image import hosts', () => {
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, Hooks.LAN:8080' }, CWD).webhookAllowedHosts).toEqual([
      '127.0.0.1',
      'hooks.lan:8080',
    ]);
    expect(errorOf({ WEBHOOK_ALLOWED_HOSTS: 'http://x' }).message).toContain('WEBHOOK_ALLOWED_HOSTS');
  });

  it('turns IndexNow on with a key, on the shared endpoint unless told', () => {
    expect(loadConfig({ INDEXNOW_KEY: 'abcd-1234' }, CWD).indexNow).toEqual({
      key: 'abcd-1234',
      endpoint: 'https://api.indexnow.org/indexnow',
    });
    expect(
      loadConfig({ INDEXNOW_KEY: 'abcd-1234', INDEXNOW_ENDPOINT: 'https://www.bing.com/indexnow' }, CWD).indexNow,
    ).toEqual({ key: 'abcd-1234', endpoint: 'https://www.bing.com/indexnow' });
  });

  it.each([
    [{ INDEXNOW_KEY: 'short' }, 'INDEXNOW_KEY'],
    [{ INDEXNOW_KEY: 'has a space in it' }, 'INDEXNOW_KEY'],
    [{ INDEXNOW_KEY: 'abcd-1234', INDEXNOW_ENDPOINT: 'ftp://x' }, 'INDEXNOW_ENDPOINT'],
  ])('refuses %p with an error naming %s', (env, variable) => {
    expect(errorOf(env).message).toContain(variable);
  });
});

describe('loadConfig: MAIL_EVENTS_*', () => {
  const sendgridKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .publicKey.export({ format: 'der', type: 'spki' })
    .toString('base64');

  it("leaves every provider's door closed by default and reads their secrets", () => {
    expect(loadConfig({}, CWD).mailEvents).toEqual({
      sesTopicArns: [],
      postmark: null,
      sendgridPublicKey: null,
      mailgunSigningKey: null,
      secret: null,
    });
    const env = {
      MAIL_EVENTS_SES_TOPIC_ARNS:
        'arn:aws:sns:eu-west-1:123456789012:ses-bounces, arn:aws-cn:sns:cn-north-1:123456789012:b',
      MAIL_EVENTS_POSTMARK_USER: 'hooks',
      MAIL_EVENTS_POSTMARK_PASSWORD: 'pass word',
      MAIL_EVENTS_SENDGRID_PUBLIC_KEY: sendgridKey,
      MAIL_EVENTS_MAILGUN_SIGNING_KEY: 'key-1',
      MAIL_EVENTS_SECRET: 's'.repeat(32),
    };
    expect(loadConfig(env, CWD).mailEvents).toEqual({
      sesTopicArns: ['arn:aws:sns:eu-west-1:123456789012:ses-bounces', 'arn:aws-cn:sns:cn-north-1:123456789012:b'],
      postmark: { user: 'hooks', password: 'pass word' },
      sendgridPublicKey: sendgridKey,
      mailgunSigningKey: 'key-1',
      secret: 's'.repeat(32),
    });
  });

  it.each([
    [{ MAIL_EVENTS_POSTMARK_USER: 'hooks' }, 'MAIL_EVENTS_POSTMARK_PASSWORD'],
    [{ MAIL_EVENTS_SES_TOPIC_ARNS: 'ses-bounces' }, 'MAIL_EVENTS_SES_TOPIC_ARNS'],
    [{ MAIL_EVENTS_SENDGRID_PUBLIC_KEY: 'not base64!' }, 'MAIL_EVENTS_SENDGRID_PUBLIC_KEY'],
    [{ MAIL_EVENTS_SENDGRID_PUBLIC_KEY: 'MFkwEwYHKoZIzj0CAQ==' }, 'MAIL_EVENTS_SENDGRID_PUBLIC_KEY'],
    [{ MAIL_EVENTS_SECRET: 'short' }, 'MAIL_EVENTS_SECRET'],
  ])('refuses %p with an error naming %s', (env, variable) => {
    expect(errorOf(env).message).toContain(variable);
  });
});
