import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createEmptyTestDatabase, DEMO_ASSETS_DIR, testConfig } from '@blog/api/testing';
import { seedFromConfig } from '@blog/api/seed';
import { createApp } from './create-app';

jest.setTimeout(300_000);

const ROUNDS = 10;

/** What `main.ts` does before it listens: the app (migrations, job queue, upload import), then the seed. */
async function startInstance(databaseUrl: string): Promise<NestExpressApplication> {
  // Without the demo content: its images make each start slow, and its writes are under the seed's lock anyway.
  const config = testConfig({ ADMIN_PASSWORD: 'start-together-password', SEED_DEMO: 'false' });
  const app = await createApp(config, databaseUrl, { logger: false });
  try {
    await seedFromConfig(app.get(DataSource), config, { assetsDir: DEMO_ASSETS_DIR });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * Rolling deploys and replicas start instances together on one database, an empty one the first
 * time: whatever start-up writes (schema, job queues, seed, imported uploads) must not make one of
 * them fail.
 */
describe('two instances starting at once on an empty database', () => {
  it(`both start and serve, ${ROUNDS} times over`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const database = await createEmptyTestDatabase();
      const started = await Promise.allSettled([startInstance(database.url), startInstance(database.url)]);
      const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
        expect({ round, failures }).toEqual({ round, failures: [] });
        for (const app of apps) {
          await request(app.getHttpServer()).get('/api/health').expect(200);
          await request(app.getHttpServer()).get('/api/homeData').expect(200);
        }
      } finally {
        for (const app of apps) await app.close();
        await database.drop();
      }
    }
  });
});
