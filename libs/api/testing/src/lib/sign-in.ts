import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { hashPassword, type SessionUser } from '@blog/api/security';
import { UserEntity } from '@blog/api/data';
import type { TestDatabase } from '@blog/api/data/testing';
import { TEST_SESSION_PATH, TEST_SIGN_IN_PATH } from './test-sign-in.controller';

/** A supertest agent: it keeps the session cookie between its requests (REST and `/trpc` alike). */
export type TestAgent = ReturnType<typeof request.agent>;

/** The password of the users `createTestUser` makes, unless told otherwise. */
export const TEST_PASSWORD = 'a long enough password';

// One argon2id hash of TEST_PASSWORD per test file: hashing is deliberately slow.
let testPasswordHash: Promise<string> | undefined;
const hashOf = (password: string) =>
  password === TEST_PASSWORD ? (testPasswordHash ??= hashPassword(TEST_PASSWORD)) : hashPassword(password);

let counter = 0;

export type TestUserValues = Partial<Omit<UserEntity, 'password_hash'>> & {
  /** Stored as an argon2id hash; TEST_PASSWORD by default. */
  password?: string;
};

/** A user row (a unique e-mail and a non-admin unless told), its password hashed as the users domain stores it. */
export async function createTestUser(database: TestDatabase, values: TestUserValues = {}): Promise<UserEntity> {
  const { password = TEST_PASSWORD, ...columns } = values;
  counter += 1;
  const unique = `${Date.now().toString(36)}-${counter}`;
  const users = database.dataSource.getRepository(UserEntity);
  const { identifiers } = await users.insert({
    email: `user-${unique}@example.com`,
    name: `User ${unique}`,
    is_admin: false,
    ...columns,
    password_hash: await hashOf(password),
  });
  return users.findOneByOrFail({ id: identifiers[0]['id'] as number });
}

/**
 * A new agent signed in as the user with this e-mail, through the test door of an app made with
 * `createTestApp(..., { signIn: true })`. With `password`, the door checks it against the stored hash
 * first (401 when wrong), which is how a spec shows that a user can sign in with a password it set.
 */
export async function agentSignedInAs(
  app: INestApplication,
  user: string | { email: string },
  password?: string,
): Promise<TestAgent> {
  const email = typeof user === 'string' ? user : user.email;
  const agent = request.agent(app.getHttpServer());
  const res = await agent.post(TEST_SIGN_IN_PATH).send(password === undefined ? { email } : { email, password });
  if (res.status === 404) {
    throw new Error(
      `${TEST_SIGN_IN_PATH} is not served: make the app with createTestApp(database, modules, { signIn: true })`,
    );
  }
  if (res.status !== 200) {
    throw new Error(`Test sign-in as ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return agent;
}

/** Who the agent's session says is signed in (`null` when it has no live session), as the app sees it. */
export async function sessionUserOf(agent: TestAgent): Promise<SessionUser | null> {
  const res = await agent.get(TEST_SESSION_PATH);
  if (res.status !== 200)
    throw new Error(`${TEST_SESSION_PATH} answered ${res.status}: is the app made with { signIn: true }?`);
  return (res.body as { user: SessionUser | null }).user;
}

export interface SignedInAgents {
  /** No session. */
  anonymous: TestAgent;
  /** Signed in as `reader@example.com` ("Reader"), not an administrator. */
  reader: TestAgent;
  /** Signed in as `admin@example.com` ("Admin"), an administrator. */
  admin: TestAgent;
  readerUser: UserEntity;
  adminUser: UserEntity;
}

/**
 * The three callers of an access matrix (anonymous → 401, reader → 403, admin → 200): creates
 * `admin@example.com` and `reader@example.com` (password TEST_PASSWORD) and signs them in through
 * the test door of an app made with `createTestApp(..., { signIn: true })`.
 */
export async function signInAgents(app: INestApplication, database: TestDatabase): Promise<SignedInAgents> {
  const adminUser = await createTestUser(database, { email: 'admin@example.com', name: 'Admin', is_admin: true });
  const readerUser = await createTestUser(database, { email: 'reader@example.com', name: 'Reader', is_admin: false });
  return {
    anonymous: request.agent(app.getHttpServer()),
    reader: await agentSignedInAs(app, readerUser),
    admin: await agentSignedInAs(app, adminUser),
    readerUser,
    adminUser,
  };
}
