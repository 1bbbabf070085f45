import { generateKeyPairSync } from 'node:crypto';
import { MailService } from '@blog/api/mail';
import { testConfig } from './test-app';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';
import { useTestApp } from './use-test-app';

describe('mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  const t = useTestApp([], { app: false });

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.stop());

  it('delivers text, HTML and extra headers through the pool, parsed on arrival', async () => {
    const app = await t.appWith({ config: testConfig({ SMTP_URL: smtp.url }), realSmtp: true });
    const mail = app.get(MailService);
    expect(mail.delivers).toBe(true);
    await mail.send({
      to: 'an@example.com',
      subject: 'Xin chào',
      text: 'Plain words',
      html: '<p>Some <b>words</b></p>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      fromName: 'Phuong',
    });
    const received = await smtp.waitForMail((m) => m.subject === 'Xin chào');
    expect(received.to).toEqual(['an@example.com']);
    expect(received.text.trim()).toBe('Plain words');
    expect(received.html).toContain('<b>words</b>');
    expect(received.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(received.rawHeaders['from']).toBe('Phuong <no-reply@blog.test>');
    expect(received.rawHeaders['dkim-signature']).toBeUndefined();
  });

  it('signs with DKIM when a key is configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const config = testConfig({
      SMTP_URL: smtp.url,
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
      DKIM_SELECTOR: 'mail2026',
      DKIM_DOMAIN: 'blog.test',
    });
    const app = await t.appWith({ config, realSmtp: true });
    await app.get(MailService).send({ to: 'binh@example.com', subject: 'Signed', text: 'Hello' });
    const received = await smtp.waitForMail((m) => m.subject === 'Signed');
    expect(received.rawHeaders['dkim-signature']).toMatch(/d=blog\.test;.*s=mail2026;/s);
  });

  it('fails waitForMail when nothing matching comes', async () => {
    await expect(smtp.waitForMail(() => false, 50)).rejects.toThrow(/No matching mail/);
  });
});
