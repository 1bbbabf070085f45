import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Keeps small secrets (a TOTP secret) unreadable in the database: AES-256-GCM under a key derived
 * (HKDF-SHA-256) from a server secret the database does not hold, the session secret. `context` (a
 * user id) is authenticated with the text, so a sealed value copied to another row does not open.
 * `digest` is a keyed hash (HMAC-SHA-256) for values only ever compared (recovery codes).
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly digestKey: Buffer;

  constructor(serverSecret: string, purpose: string) {
    const derive = (use: string) => Buffer.from(hkdfSync('sha256', serverSecret, '', `${purpose}: ${use}`, 32));
    this.encryptionKey = derive('encryption');
    this.digestKey = derive('digest');
  }

  seal(text: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(context));
    const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
  }

  /** Throws when the value was sealed under another key or context, or was altered. */
  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) throw new Error(`Not a sealed value of version ${VERSION}`);
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** 64 hex digits. */
  digest(text: string): string {
    return createHmac('sha256', this.digestKey).update(text).digest('hex');
  }
}
