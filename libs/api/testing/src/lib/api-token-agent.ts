import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@blog/contracts';
import { secretTokenHash } from '@blog/api/core';
import type { TestDatabase } from '@blog/api/data/testing';
import type { TestAgent, SignedInAgents } from './sign-in';

/**
 * An agent without a session that sends an API token of the administrator with `scopes` on every
 * request; the token is stored as `apiTokens.create` stores it (that domain is not a spec's to import).
 */
export async function apiTokenAgent(
  t: { app: INestApplication; database: TestDatabase } & Pick<SignedInAgents, 'adminUser'>,
  scopes: ApiTokenScope[],
): Promise<TestAgent> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await t.database.dataSource.query(
    `INSERT INTO api_tokens (user_id, name, scopes, token_hash, hint) VALUES ($1, 'spec', $2, $3, $4)`,
    [t.adminUser.id, scopes, secretTokenHash(secret), secret.slice(0, 9)],
  );
  return request.agent(t.app.getHttpServer()).set('Authorization', `Bearer ${secret}`) as unknown as TestAgent;
}
