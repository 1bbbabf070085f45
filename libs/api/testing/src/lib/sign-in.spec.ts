import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { UserEntity } from '@blog/api/data';
import { createTestDatabase, type TestDatabase } from '@blog/api/data/testing';
import { agentSignedInAs, createTestUser, sessionUserOf, signInAgents, TEST_PASSWORD } from './sign-in';
import { createTestApp } from './test-app';
import { TEST_SESSION_PATH, TEST_SIGN_IN_PATH } from './test-sign-in.controller';

/** A database, its migrations, two apps and a few argon2id hashes: slow on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;
jest.setTimeout(30_000);

describe('the test sign-in door', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let withoutDoor: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database, [], { signIn: true });
    withoutDoor = await createTestApp(database, []);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await withoutDoor?.close();
    await database?.drop();
  });

  it('is served only when createTestApp is asked for it', async () => {
    const user = await createTestUser(database);
    await request(withoutDoor.getHttpServer()).post(TEST_SIGN_IN_PATH).send({ email: user.email }).expect(404);
    await request(withoutDoor.getHttpServer()).get(TEST_SESSION_PATH).expect(404);
    await expect(agentSignedInAs(withoutDoor, user)).rejects.toThrow('{ signIn: true }');
  });

  it('gives signInAgents an anonymous caller, a non-admin reader and an admin, each with its own session', async () => {
    const { anonymous, reader, admin, readerUser, adminUser } = await signInAgents(app, database);
    expect(await sessionUserOf(anonymous)).toBeNull();
    expect(await sessionUserOf(reader)).toEqual({
      id: readerUser.id,
      email: 'reader@example.com',
      name: 'Reader',
      is_admin: false,
    });
    expect(await sessionUserOf(admin)).toEqual({
      id: adminUser.id,
      email: 'admin@example.com',
      name: 'Admin',
      is_admin: true,
    });
  });

  it('answers the session user, and 401 for an unknown e-mail or, when a password is sent, a wrong one', async () => {
    const user = await createTestUser(database, { name: 'Hoa', password: 'hoa password 1' });
    const res = await request(app.getHttpServer())
      .post(TEST_SIGN_IN_PATH)
      .send({ email: ` ${user.email.toUpperCase()} ` })
      .expect(200);
    expect(res.body).toEqual({ id: user.id, email: user.email, name: 'Hoa', is_admin: false });

    await request(app.getHttpServer())
      .post(TEST_SIGN_IN_PATH)
      .send({ email: user.email, password: 'hoa password 1' })
      .expect(200);
    const wrong = await request(app.getHttpServer())
      .post(TEST_SIGN_IN_PATH)
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    await request(app.getHttpServer()).post(TEST_SIGN_IN_PATH).send({ email: 'nobody@example.com' }).expect(401);
    await request(app.getHttpServer()).post(TEST_SIGN_IN_PATH).send({ email: 'not an e-mail' }).expect(400);
    await expect(agentSignedInAs(app, user, 'not hoa password')).rejects.toThrow('401');
  });

  it('goes through the cross-site check like any other write', async () => {
    const user = await createTestUser(database);
    await request(app.getHttpServer())
      .post(TEST_SIGN_IN_PATH)
      .set('Origin', 'https://evil.example')
      .send({ email: user.email })
      .expect(403);
  });

  it('keeps sessions apart and reads the user from the database on each request', async () => {
    const user = await createTestUser(database, { is_admin: true });
    const first = await agentSignedInAs(app, user);
    const second = await agentSignedInAs(app, user.email, TEST_PASSWORD);
    expect(await sessionUserOf(first)).toMatchObject({ id: user.id, is_admin: true });

    await database.dataSource.getRepository(UserEntity).update({ id: user.id }, { is_admin: false, name: 'Demoted' });
    expect(await sessionUserOf(second)).toMatchObject({ id: user.id, name: 'Demoted', is_admin: false });

    await database.dataSource.getRepository(UserEntity).delete({ id: user.id });
    expect(await sessionUserOf(first)).toBeNull();
    expect(await sessionUserOf(second)).toBeNull();
  });
});
