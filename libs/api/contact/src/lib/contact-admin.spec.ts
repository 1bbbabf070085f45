import { Logger } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import { contactMessageSchema, OK } from '@blog/contracts';
import { createCallerFactory } from '@blog/api/http';
import { ContactMessageEntity } from '@blog/api/data';
import {
  clearRateLimits,
  eventually,
  expectAdminOnly,
  invalidInput,
  mailboxOf,
  SETUP_TIMEOUT_MS,
  testConfig,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { ContactModule } from './contact.module';
import { ContactRouter } from './contact.router';

// The mailing tests start an app of their own each.
jest.setTimeout(SETUP_TIMEOUT_MS);
const VISITOR = {
  name: 'Nguyễn Văn An',
  email: 'an@example.com',
  phone: '0901 234 567',
  message: 'Xin chào, I need a website.',
};

const contact = trpcHttp<ContactRouter['router']>('contact');
/** Lets the mail sent without waiting settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('contact messages: the admin inbox (REST and tRPC)', () => {
  const t = useTestApp([ContactModule], {
    trpc: (nest) => ({ contact: nest.get(ContactRouter).router }),
    signIn: true,
  });

  const messages = () => t.database.dataSource.getRepository(ContactMessageEntity);
  const newMessage = async (values: Partial<ContactMessageEntity> = {}) =>
    messages().save(messages().create({ ...VISITOR, read_at: null, ...values }));

  beforeEach(async () => {
    await messages().clear();
  });

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, message: ContactMessageEntity) => request.Test]> = [
      ['GET /api/messages', (agent) => agent.get('/api/messages')],
      ['PUT /api/messages/:id/read', (agent, message) => agent.put(`/api/messages/${message.id}/read`)],
      ['DELETE /api/messages/:id', (agent, message) => agent.delete(`/api/messages/${message.id}`)],
      ['tRPC contact.list', (agent) => contact.query(agent, 'list')],
      ['tRPC contact.markRead', (agent, message) => contact.mutation(agent, 'markRead', { id: message.id })],
      ['tRPC contact.delete', (agent, message) => contact.mutation(agent, 'delete', { id: message.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const message = await newMessage({ message: 'A private message' });

      const { anonymous: anonymousRes, reader: memberRes } = await expectAdminOnly(
        door,
        (agent) => call(agent, message),
        t,
      );
      expect(JSON.stringify(anonymousRes.body) + JSON.stringify(memberRes.body)).not.toContain('A private message');
      expect(await messages().findOneByOrFail({ id: message.id })).toMatchObject({ read_at: null });

      await call(t.admin, message).expect(200);
    });

    it('leaves the public contact.send and POST /api/contact open to everybody', async () => {
      await t.anonymous.post('/api/contact').send(VISITOR).expect(200, { status: 200 });
      await contact.mutation(t.anonymous, 'send', VISITOR).expect(200);
      expect(await messages().count()).toBe(2);
    });
  });

  describe('GET /api/messages and contact.list', () => {
    it('answers every message newest first, with its read state', async () => {
      const older = await newMessage({ name: 'Older', read_at: new Date('2025-02-01T00:00:00Z') });
      const newer = await newMessage({ name: 'Newer' });
      await t.database.dataSource.query(
        `UPDATE contact_messages SET created_at = '2025-01-01T00:00:00Z' WHERE id = $1`,
        [older.id],
      );

      const res = await t.admin.get('/api/messages').expect(200);
      const inbox = z.array(contactMessageSchema.strict()).parse(res.body);
      expect(inbox.map((message) => message.name)).toEqual(['Newer', 'Older']);
      expect(inbox[0]).toEqual({
        id: newer.id,
        name: 'Newer',
        email: VISITOR.email,
        phone: VISITOR.phone,
        message: VISITOR.message,
        read: false,
        created_at: newer.created_at.toISOString(),
        topic: null,
        source_path: null,
        visit_source: null,
      });
      expect(inbox[1]).toMatchObject({ read: true, created_at: '2025-01-01T00:00:00.000Z' });
      expect((await contact.query(t.admin, 'list').expect(200)).body.result.data).toEqual(res.body);
    });
  });

  describe('PUT /api/messages/:id/read and contact.markRead', () => {
    it('marks read without a body, unread with {read: false}, and answers the message', async () => {
      const message = await newMessage();
      const read = await t.admin.put(`/api/messages/${message.id}/read`).expect(200);
      expect(contactMessageSchema.strict().parse(read.body)).toMatchObject({ id: message.id, read: true });
      const readAt = (await messages().findOneByOrFail({ id: message.id })).read_at;
      expect(readAt).toBeInstanceOf(Date);

      // Marking read again keeps the first reading time.
      await t.admin.put(`/api/messages/${message.id}/read`).send({ read: true }).expect(200);
      expect((await messages().findOneByOrFail({ id: message.id })).read_at).toEqual(readAt);

      const unread = await t.admin.put(`/api/messages/${message.id}/read`).send({ read: false }).expect(200);
      expect(unread.body).toMatchObject({ read: false });
      expect((await messages().findOneByOrFail({ id: message.id })).read_at).toBeNull();

      expect(
        (await contact.mutation(t.admin, 'markRead', { id: message.id }).expect(200)).body.result.data,
      ).toMatchObject({ read: true });
      expect(
        (await contact.mutation(t.admin, 'markRead', { id: message.id, read: false }).expect(200)).body.result.data,
      ).toMatchObject({
        read: false,
      });
    });

    it('answers 404 for an unknown message and 400 for a bad id or read value', async () => {
      const message = await newMessage();
      expect((await t.admin.put('/api/messages/999999/read').expect(404)).body.message).toBe('Message not found');
      expect((await contact.mutation(t.admin, 'markRead', { id: 999999 }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
      expect((await t.admin.put('/api/messages/abc/read').expect(400)).body.errors).toEqual([
        expect.objectContaining({ field: 'id' }),
      ]);
      const bad = await t.admin.put(`/api/messages/${message.id}/read`).send({ read: 'yes' }).expect(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'read' })]);
      const badTrpc = await contact
        .mutation(t.admin, 'markRead', invalidInput({ id: message.id, read: 1 }))
        .expect(400);
      expect(badTrpc.body.error.data.fieldErrors).toEqual([expect.objectContaining({ field: 'read' })]);
      expect((await messages().findOneByOrFail({ id: message.id })).read_at).toBeNull();
    });
  });

  describe('DELETE /api/messages/:id and contact.delete', () => {
    it('deletes a message and answers {status: 200}; then 404', async () => {
      const message = await newMessage();
      expect((await t.admin.delete(`/api/messages/${message.id}`).expect(200)).body).toEqual(OK);
      expect(await messages().existsBy({ id: message.id })).toBe(false);
      await t.admin.delete(`/api/messages/${message.id}`).expect(404);

      const other = await newMessage();
      expect((await contact.mutation(t.admin, 'delete', { id: other.id }).expect(200)).body.result.data).toEqual(OK);
      expect((await contact.mutation(t.admin, 'delete', { id: other.id }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
    });
  });
});

describe('contact messages: mailing the owner', () => {
  const t = useTestApp([ContactModule], { app: false });

  const messages = () => t.database.dataSource.getRepository(ContactMessageEntity);
  const appWith = (env: NodeJS.ProcessEnv) => t.appWith({ config: testConfig(env) });

  beforeEach(async () => {
    await messages().clear();
    // Every test sends from the same address: none may meet the limits (contact-limits.spec.ts tests them).
    await clearRateLimits(t.database);
  });

  it('mails each new message to CONTACT_NOTIFY_EMAIL when SMTP is configured, on both doors', async () => {
    const app = await appWith({
      SMTP_URL: 'smtp://mail.test:587',
      CONTACT_NOTIFY_EMAIL: 'owner@example.com',
      MAIL_FROM: 'blog@example.com',
    });
    await request(app.getHttpServer())
      .post('/api/contact')
      .send({ ...VISITOR, name: 'An\r\nBcc: victim@example.com' })
      .expect(200);
    // Sent after the answer (the site's name read first).
    await eventually(async () => expect(mailboxOf(app).sent).toHaveLength(1));
    const sent = mailboxOf(app).sent;
    expect(sent[0]).toMatchObject({ to: 'owner@example.com', from: '"Phuong\'s Blog" <blog@example.com>' });
    expect(sent[0].subject).toBe("New message from An Bcc: victim@example.com on Phuong's Blog");
    expect(sent[0].text).toContain(VISITOR.message);
    expect(sent[0].text).toContain(VISITOR.email);
    expect(sent[0].text).toContain(VISITOR.phone);

    await createCallerFactory(app.get(ContactRouter).router)({}).send(VISITOR);
    await eventually(async () => expect(mailboxOf(app).sent).toHaveLength(2));
    expect(await messages().count()).toBe(2);
  });

  it('mails nothing without CONTACT_NOTIFY_EMAIL, nor without SMTP (the log transport is not a delivery)', async () => {
    for (const env of [{ SMTP_URL: 'smtp://mail.test:587' }, { CONTACT_NOTIFY_EMAIL: 'owner@example.com' }]) {
      const app = await appWith(env);
      await request(app.getHttpServer()).post('/api/contact').send(VISITOR).expect(200);
      await settle();
      expect(mailboxOf(app).sent).toEqual([]);
    }
    expect(await messages().count()).toBe(2);
  });

  it('keeps the message and answers 200 when the mail fails, logging the failure', async () => {
    const app = await appWith({ SMTP_URL: 'smtp://mail.test:587', CONTACT_NOTIFY_EMAIL: 'owner@example.com' });
    const failing = jest.spyOn(mailboxOf(app), 'send').mockRejectedValue(new Error('SMTP server unreachable'));
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await request(app.getHttpServer()).post('/api/contact').send(VISITOR).expect(200, { status: 200 });
      await eventually(async () =>
        expect(logged).toHaveBeenCalledWith(expect.stringContaining('SMTP server unreachable')),
      );
      expect(failing).toHaveBeenCalledTimes(1);
      expect(await messages().count()).toBe(1);
    } finally {
      failing.mockRestore();
      logged.mockRestore();
    }
  });
});
