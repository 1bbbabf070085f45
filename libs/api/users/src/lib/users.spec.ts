import request from 'supertest';
import { z } from 'zod';
import { OK, userSchema } from '@blog/contracts';
import { verifyPassword } from '@blog/api/security';
import { UserEntity } from '@blog/api/data';
import {
  agentSignedInAs,
  createTestUser,
  sessionUserOf,
  expectAdminOnly,
  invalidInput,
  trpcHttp,
  useTestApp,
  type TestAgent as Agent,
} from '@blog/api/testing';
import { UsersModule } from './users.module';
import { UsersRouter } from './users.router';

const PASSWORD = 'a long enough password';
// Most tests create users and sign them in; some hash new passwords (argon2id).
jest.setTimeout(30_000);
const USER_KEYS = Object.keys(userSchema.shape).sort();

const usersTrpc = trpcHttp<UsersRouter['router']>('users');
const fieldsOf = (errors: Array<{ field: string }> | undefined) => (errors ?? []).map((error) => error.field);

describe('users (REST and tRPC)', () => {
  const t = useTestApp([UsersModule], { trpc: (nest) => ({ users: nest.get(UsersRouter).router }), signIn: true });

  const users = () => t.database.dataSource.getRepository(UserEntity);
  const hashOf = async (id: number) =>
    (await users().findOneOrFail({ where: { id }, select: ['id', 'password_hash'] })).password_hash;

  describe('access: anonymous → 401, signed-in non-admin → 403, admin → 200', () => {
    const doors: Array<[string, (agent: Agent, user: UserEntity) => request.Test]> = [
      ['GET /api/users', (agent) => agent.get('/api/users')],
      ['GET /api/users/:id', (agent, user) => agent.get(`/api/users/${user.id}`)],
      [
        'POST /api/users',
        (agent, user) =>
          agent.post('/api/users').send({ name: 'N', email: `new-${user.id}@example.com`, password: PASSWORD }),
      ],
      ['PUT /api/users/:id', (agent, user) => agent.put(`/api/users/${user.id}`).send({ name: 'Changed' })],
      ['DELETE /api/users/:id', (agent, user) => agent.delete(`/api/users/${user.id}`)],
      ['tRPC users.list', (agent) => usersTrpc.query(agent, 'list')],
      ['tRPC users.byId', (agent, user) => usersTrpc.query(agent, 'byId', { id: user.id })],
      [
        'tRPC users.create',
        (agent, user) =>
          usersTrpc.mutation(agent, 'create', { name: 'N', email: `trpc-${user.id}@example.com`, password: PASSWORD }),
      ],
      ['tRPC users.update', (agent, user) => usersTrpc.mutation(agent, 'update', { id: user.id, name: 'Changed' })],
      ['tRPC users.delete', (agent, user) => usersTrpc.mutation(agent, 'delete', { id: user.id })],
    ];

    it.each(doors)('%s', async (door, call) => {
      const user = await createTestUser(t.database, { name: 'Untouched' });
      const before = await users().count();

      const { anonymous: anonymousRes, reader: memberRes } = await expectAdminOnly(
        door,
        (agent) => call(agent, user),
        t,
      );
      expect(JSON.stringify(anonymousRes.body) + JSON.stringify(memberRes.body)).not.toContain(user.email);
      expect(await users().count()).toBe(before);
      expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({ name: 'Untouched' });

      await call(t.admin, user).expect(200);
    });
  });

  describe('reads', () => {
    it('lists every user as {id, email, name, is_admin 1/0, dates}, never a hash', async () => {
      const res = await t.admin.get('/api/users').expect(200);
      const list = z.array(userSchema.strict()).parse(res.body);
      expect(list.map((user) => user.id)).toEqual([...list.map((user) => user.id)].sort((a, b) => a - b));
      expect(list.find((user) => user.id === t.adminUser.id)).toMatchObject({
        email: 'admin@example.com',
        name: 'Admin',
        is_admin: 1,
      });
      expect(list.find((user) => user.email === 'reader@example.com')).toMatchObject({ is_admin: 0 });
      expect(JSON.stringify(res.body)).not.toContain('argon2');
      expect((await usersTrpc.query(t.admin, 'list').expect(200)).body.result.data).toEqual(res.body);
    });

    it('answers one user, and 404 for an unknown id', async () => {
      const res = await t.admin.get(`/api/users/${t.adminUser.id}`).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
      expect((await usersTrpc.query(t.admin, 'byId', { id: t.adminUser.id }).expect(200)).body.result.data).toEqual(
        res.body,
      );
      expect((await t.admin.get('/api/users/999999').expect(404)).body.message).toBe('User not found');
      expect((await usersTrpc.query(t.admin, 'byId', { id: 999999 }).expect(404)).body.error.data.code).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe('POST /api/users and users.create', () => {
    it('creates a user with an argon2id hash who can sign in, and answers the user (200)', async () => {
      const res = await t.admin
        .post('/api/users')
        .send({ name: ' Lan ', email: ' Lan@Example.COM ', password: 'lan password 1', is_admin: 1 })
        .expect(200);
      expect(userSchema.strict().parse(res.body)).toMatchObject({ name: 'Lan', email: 'lan@example.com', is_admin: 1 });
      const hash = await hashOf(res.body.id);
      expect(hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(hash, 'lan password 1')).toBe(true);
      const lan = await agentSignedInAs(t.app, 'lan@example.com', 'lan password 1');
      await lan.get('/api/users').expect(200);

      const viaTrpc = await usersTrpc
        .mutation(t.admin, 'create', {
          name: 'Minh',
          email: 'minh@example.com',
          password: 'minh password',
          is_admin: 0,
        })
        .expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ email: 'minh@example.com', is_admin: 0 });
      const minh = await agentSignedInAs(t.app, 'minh@example.com', 'minh password');
      await minh.get('/api/users').expect(403);
    });

    it('makes a user an administrator only when asked: an omitted is_admin is 0, on both doors', async () => {
      const res = await t.admin
        .post('/api/users')
        .send({ name: 'Hoa', email: 'hoa@example.com', password: 'hoa password' })
        .expect(200);
      expect(res.body).toMatchObject({ email: 'hoa@example.com', is_admin: 0 });
      const viaTrpc = await usersTrpc
        .mutation(t.admin, 'create', { name: 'Tuan', email: 'tuan@example.com', password: 'tuan password' })
        .expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ email: 'tuan@example.com', is_admin: 0 });
      for (const [email, password] of [
        ['hoa@example.com', 'hoa password'],
        ['tuan@example.com', 'tuan password'],
      ]) {
        await (await agentSignedInAs(t.app, email, password)).get('/api/users').expect(403);
      }
    });

    it('answers 409 naming email for a taken address, whatever its case, on both doors', async () => {
      const res = await t.admin
        .post('/api/users')
        .send({ name: 'X', email: 'ADMIN@example.com', password: PASSWORD })
        .expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, errors: [{ field: 'email', message: expect.any(String) }] });
      const viaTrpc = await usersTrpc
        .mutation(t.admin, 'create', { name: 'X', email: 'reader@example.com', password: PASSWORD })
        .expect(409);
      expect(viaTrpc.body.error.data).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: [{ field: 'email', message: expect.any(String) }],
      });
      expect(await users().countBy({ email: 'admin@example.com' })).toBe(1);
    });

    it.each([
      ['a bad e-mail', { email: 'nope' }, 'email'],
      ['a short password', { password: 'short' }, 'password'],
      ['no password', { password: undefined }, 'password'],
      ['a blank name', { name: ' ' }, 'name'],
      ['an is_admin of 2', { is_admin: 2 }, 'is_admin'],
    ])('answers 400 naming the field for %s', async (_case, change, field) => {
      const before = await users().count();
      const body = { name: 'Valid', email: 'valid@example.com', password: PASSWORD, ...change };
      expect(fieldsOf((await t.admin.post('/api/users').send(body).expect(400)).body.errors)).toEqual([field]);
      expect(
        fieldsOf(
          (await usersTrpc.mutation(t.admin, 'create', invalidInput(body)).expect(400)).body.error.data.fieldErrors,
        ),
      ).toEqual([field]);
      expect(await users().count()).toBe(before);
    });
  });

  describe('PUT /api/users/:id and users.update', () => {
    it('changes only what is given and answers the user', async () => {
      const user = await createTestUser(t.database, { name: 'Before' });
      const hash = await hashOf(user.id);
      const res = await t.admin.put(`/api/users/${user.id}`).send({ name: 'After', is_admin: 1 }).expect(200);
      expect(res.body).toMatchObject({ id: user.id, name: 'After', email: user.email, is_admin: 1 });
      expect(await hashOf(user.id)).toBe(hash);

      const viaTrpc = await usersTrpc
        .mutation(t.admin, 'update', { id: user.id, email: 'After@Example.com', is_admin: false })
        .expect(200);
      expect(viaTrpc.body.result.data).toMatchObject({ name: 'After', email: 'after@example.com', is_admin: 0 });
    });

    it('sets a new password and ends that user’s sessions', async () => {
      const user = await createTestUser(t.database);
      const theirs = await agentSignedInAs(t.app, user.email);
      expect(await sessionUserOf(theirs)).toEqual({ id: user.id, email: user.email, name: user.name, is_admin: false });

      await t.admin.put(`/api/users/${user.id}`).send({ password: 'a brand new password' }).expect(200);
      expect(await verifyPassword(await hashOf(user.id), 'a brand new password')).toBe(true);
      expect(await sessionUserOf(theirs)).toBeNull();
      await agentSignedInAs(t.app, user.email, 'a brand new password');
    });

    it('keeps the session of an administrator who changes their own password', async () => {
      const own = await createTestUser(t.database, { is_admin: true });
      const session = await agentSignedInAs(t.app, own.email);
      const otherSession = await agentSignedInAs(t.app, own.email);
      await usersTrpc.mutation(session, 'update', { id: own.id, password: 'my new password!' }).expect(200);
      await session.get('/api/users').expect(200);
      await otherSession.get('/api/users').expect(401);
    });

    it('answers 409 for a taken e-mail, 404 for an unknown id, 400 for bad fields', async () => {
      const user = await createTestUser(t.database);
      expect(
        fieldsOf(
          (await t.admin.put(`/api/users/${user.id}`).send({ email: 'admin@example.com' }).expect(409)).body.errors,
        ),
      ).toEqual(['email']);
      await t.admin.put(`/api/users/${user.id}`).send({ email: user.email }).expect(200);
      expect((await t.admin.put('/api/users/999999').send({ name: 'X' }).expect(404)).body.message).toBe(
        'User not found',
      );
      expect(
        (await usersTrpc.mutation(t.admin, 'update', { id: 999999, name: 'X' }).expect(404)).body.error.data.code,
      ).toBe('NOT_FOUND');
      expect(
        fieldsOf((await t.admin.put(`/api/users/${user.id}`).send({ password: 'short' }).expect(400)).body.errors),
      ).toEqual(['password']);
    });
  });

  describe('DELETE /api/users/:id and users.delete', () => {
    it('deletes a user, ends their sessions, and answers {status: 200}', async () => {
      const user = await createTestUser(t.database);
      const theirs = await agentSignedInAs(t.app, user.email);
      expect((await t.admin.delete(`/api/users/${user.id}`).expect(200)).body).toEqual(OK);
      expect(await users().existsBy({ id: user.id })).toBe(false);
      expect(
        await t.database.dataSource.query(`SELECT sid FROM sessions WHERE (sess::jsonb #>> '{passport,user}') = $1`, [
          String(user.id),
        ]),
      ).toEqual([]);
      expect(await sessionUserOf(theirs)).toBeNull();
      await t.admin.delete(`/api/users/${user.id}`).expect(404);

      const other = await createTestUser(t.database, { is_admin: true });
      expect((await usersTrpc.mutation(t.admin, 'delete', { id: other.id }).expect(200)).body.result.data).toEqual(OK);
    });

    it('refuses to delete one’s own account (409), on both doors', async () => {
      const res = await t.admin.delete(`/api/users/${t.adminUser.id}`).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, message: 'You cannot delete your own account' });
      expect(
        (await usersTrpc.mutation(t.admin, 'delete', { id: t.adminUser.id }).expect(409)).body.error.data.code,
      ).toBe('CONFLICT');
      expect(await users().existsBy({ id: t.adminUser.id })).toBe(true);
    });
  });

  describe('the last administrator', () => {
    it('cannot be demoted (409); can be once another administrator exists', async () => {
      // Only one administrator: every other is demoted first.
      await t.database.dataSource.query('UPDATE users SET is_admin = false WHERE id <> $1', [t.adminUser.id]);

      const res = await t.admin.put(`/api/users/${t.adminUser.id}`).send({ is_admin: 0 }).expect(409);
      expect(res.body.message).toBe('The last administrator cannot lose the administrator role');
      expect(
        (await usersTrpc.mutation(t.admin, 'update', { id: t.adminUser.id, is_admin: false }).expect(409)).body.error
          .data.code,
      ).toBe('CONFLICT');
      expect(await users().findOneByOrFail({ id: t.adminUser.id })).toMatchObject({ is_admin: true });

      const second = await createTestUser(t.database, { is_admin: true });
      const secondSession = await agentSignedInAs(t.app, second.email);
      await t.admin.put(`/api/users/${t.adminUser.id}`).send({ is_admin: 0 }).expect(200);
      // The demoted one loses access at once; the new last administrator cannot be demoted nor delete themselves.
      await t.admin.get('/api/users').expect(403);
      await secondSession.put(`/api/users/${second.id}`).send({ is_admin: 0 }).expect(409);
      await secondSession.delete(`/api/users/${second.id}`).expect(409);
      // The new last administrator can make the demoted one an administrator again.
      await secondSession.put(`/api/users/${t.adminUser.id}`).send({ is_admin: 1 }).expect(200);
    });

    it('is never lost to two administrators demoting each other at the same moment', async () => {
      await t.database.dataSource.query('UPDATE users SET is_admin = false');
      const a = await createTestUser(t.database, { is_admin: true });
      const b = await createTestUser(t.database, { is_admin: true });
      const [sessionA, sessionB] = [await agentSignedInAs(t.app, a.email), await agentSignedInAs(t.app, b.email)];
      // Both are administrators, and the app has a database connection ready for each of them at once.
      await Promise.all([sessionA.get('/api/users').expect(200), sessionB.get('/api/users').expect(200)]);
      const results = await Promise.all([
        sessionA.put(`/api/users/${b.id}`).send({ is_admin: 0 }),
        sessionB.put(`/api/users/${a.id}`).send({ is_admin: 0 }),
      ]);
      // One wins; the other is refused, as the last administrator (409) or, when its request is checked
      // after the first was written, as no longer an administrator (403): either way one administrator stays.
      const [won, refused] = results.map((res) => res.status).sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(refused);
      expect(await users().countBy({ is_admin: true })).toBe(1);
    });
  });
});
