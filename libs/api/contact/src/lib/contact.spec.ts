import request from 'supertest';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import { CONTACT_LIMITS, type FieldError } from '@blog/contracts';
import { ContactMessageEntity } from '@blog/api/data';
import { clearRateLimits, useTestApp } from '@blog/api/testing';
import { ContactModule } from './contact.module';
import { ContactRouter } from './contact.router';

const valid = {
  name: 'Nguyễn Văn An',
  email: 'an@example.com',
  phone: '0901 234 567',
  message: 'Xin chào, I would like a website for my café.',
};

describe('contact messages (REST and tRPC)', () => {
  const t = useTestApp([ContactModule]);
  const trpc = t.caller(ContactRouter);

  const messages = () => t.database.dataSource.getRepository(ContactMessageEntity);
  const post = (body: string | object) => {
    const req = request(t.app.getHttpServer()).post('/api/contact');
    return typeof body === 'string' ? req.set('Content-Type', 'application/json').send(body) : req.send(body);
  };
  const fieldsOf = (errors: FieldError[] | undefined) => (errors ?? []).map((error) => error.field).sort();

  /** The error tRPC sends over the wire, built with the router's own error formatter. */
  async function trpcErrorShapeOf(input: unknown) {
    const error = await trpc.send(input as never).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TRPCError);
    return getTRPCErrorShape({
      config: t.app.get(ContactRouter).router._def._config,
      error: error as TRPCError,
      type: 'mutation',
      path: 'send',
      input,
      ctx: {},
    }) as { message: string; data: { code: string; httpStatus: number; fieldErrors?: FieldError[] } };
  }

  beforeEach(async () => {
    await messages().clear();
    // Every test sends from the same address: none may meet the limits (contact-limits.spec.ts tests them).
    await clearRateLimits(t.database);
  });

  describe('POST /api/contact', () => {
    it('answers 200 {status: 200} and stores the message, trimmed and unread', async () => {
      const res = await post({
        name: `  ${valid.name} `,
        email: ` ${valid.email}  `,
        phone: ` ${valid.phone} `,
        message: `\n${valid.message}\n`,
      }).expect(200);
      expect(res.body).toEqual({ status: 200 });

      const stored = await messages().find();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ ...valid, read_at: null });
      expect(stored[0].created_at).toBeInstanceOf(Date);
    });

    it.each([
      ['missing', {}],
      ['null', { phone: null }],
    ])('stores a %s phone as an empty string', async (_case, phone) => {
      const withoutPhone: Partial<typeof valid> = { ...valid };
      delete withoutPhone.phone;
      await post({ ...withoutPhone, ...phone }).expect(200);
      const stored = await messages().find();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ name: valid.name, email: valid.email, phone: '', message: valid.message });
    });

    it.each([
      ['a missing name', { name: undefined }, ['name']],
      ['a blank name', { name: '   ' }, ['name']],
      ['an invalid email', { email: 'not-an-email' }, ['email']],
      ['a missing email', { email: undefined }, ['email']],
      ['an empty message', { message: '' }, ['message']],
      ['everything wrong', { name: '', email: 'an@', message: ' ' }, ['email', 'message', 'name']],
      ['a too-long message', { message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, ['message']],
      ['a too-long name', { name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, ['name']],
      ['a number as phone', { phone: 12345 }, ['phone']],
    ])('answers 400 listing exactly the failing fields for %s, storing nothing', async (_case, change, fields) => {
      const res = await post({ ...valid, ...change }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(fieldsOf(res.body.errors)).toEqual(fields);
      for (const error of res.body.errors) expect(error.message).toEqual(expect.any(String));
      expect(await messages().count()).toBe(0);
    });

    it('accepts a message of exactly the maximum length', async () => {
      const message = 'x'.repeat(CONTACT_LIMITS.message);
      await post({ ...valid, message }).expect(200);
      expect((await messages().find())[0].message).toBe(message);
    });

    it('answers 400 (not 500) to a malformed JSON body, storing nothing', async () => {
      const res = await post('{"name": "An", "email": ').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400 });
      expect(await messages().count()).toBe(0);
    });

    it('answers 400 to a body that is not an object', async () => {
      const res = await post('"just a string"').expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(await messages().count()).toBe(0);
    });
  });

  describe('tRPC contact.send', () => {
    it('stores the message, trimmed, with an empty phone when none is given', async () => {
      const result = await trpc.send({ name: ` ${valid.name} `, email: valid.email, message: ` ${valid.message} ` });
      const stored = await messages().find();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ name: valid.name, email: valid.email, phone: '', message: valid.message });
      expect(stored[0].read_at).toBeNull();
      expect(result).toEqual({ id: stored[0].id });
    });

    it('rejects bad input with BAD_REQUEST and field errors naming the failing fields, storing nothing', async () => {
      const input = { name: '', email: 'nope', phone: '', message: 'Hello' };
      await expect(trpc.send(input)).rejects.toMatchObject({ code: 'BAD_REQUEST' });

      const shape = await trpcErrorShapeOf(input);
      expect(shape.data.code).toBe('BAD_REQUEST');
      expect(shape.data.httpStatus).toBe(400);
      expect(fieldsOf(shape.data.fieldErrors)).toEqual(['email', 'name']);
      expect(await messages().count()).toBe(0);
    });

    it('rejects a too-long message naming the field', async () => {
      const shape = await trpcErrorShapeOf({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) });
      expect(shape.data.code).toBe('BAD_REQUEST');
      expect(fieldsOf(shape.data.fieldErrors)).toEqual(['message']);
      expect(await messages().count()).toBe(0);
    });
  });
});
