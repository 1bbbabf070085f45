import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '@blog/api/core';
import { PostEntity } from '@blog/api/data';
import { seedFromConfig } from '@blog/api/seed';
import {
  createTestDatabase,
  createTestUser,
  DEMO_ASSETS_DIR,
  TEST_PASSWORD,
  testConfig,
  type TestDatabase,
} from '@blog/api/testing';
import { createBlogApiClient, listAndCreatePost } from '@blog/shared/api-client';
import { createApp } from './create-app';

/** The client generated from the document (`npm run openapi`), over real HTTP, as an outside script uses it. */
describe('the generated API client', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let app: NestExpressApplication;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig({ ADMIN_PASSWORD: TEST_PASSWORD });
    await seedFromConfig(database.dataSource, config, { assetsDir: DEMO_ASSETS_DIR });
    app = await createApp(config, database.url, { logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('signs in, lists the posts and creates one (the example of docs/api/openapi-and-client.md)', async () => {
    const owner = await createTestUser(database, { is_admin: true });
    const anonymous = createBlogApiClient({ baseUrl });
    const login = await anonymous.POST('/api/auth/login', { body: { email: owner.email, password: TEST_PASSWORD } });
    expect(login.response.status).toBe(200);
    const cookie = login.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const client = createBlogApiClient({ baseUrl, headers: { Cookie: cookie } });

    const { id, total } = await listAndCreatePost(client, 'Written by a script');
    expect(total).toBeGreaterThan(0);
    const stored = await database.dataSource.getRepository(PostEntity).findOneByOrFail({ id });
    expect(stored.title).toBe('Written by a script');

    const home = await anonymous.GET('/api/homeData');
    expect(home.response.status).toBe(200);
    expect(home.data?.posts.length).toBeGreaterThan(0);
  });
});
