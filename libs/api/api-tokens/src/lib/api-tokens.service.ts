import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER_MAX,
  type ApiToken,
  type ApiTokenCreateInput,
  apiTokenCreateInputSchema,
  type CreatedApiToken,
} from '@blog/contracts';
import { ApiTokenEntity } from '@blog/api/data';
import { DomainError, secretTokenHash } from '@blog/api/core';

/** How much of the secret the list shows: the prefix and four characters, far too few to guess the rest. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

function toApiToken(row: ApiTokenEntity): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/**
 * A user's API tokens (the profile's "API tokens"): made with a random secret shown once and kept
 * only as its SHA-256, listed without it, revoked at once (the requests read the row every time:
 * `authenticateApiTokens` in api/security).
 */
@Injectable()
export class ApiTokensService {
  constructor(@InjectRepository(ApiTokenEntity) private readonly tokens: Repository<ApiTokenEntity>) {}

  async list(userId: number): Promise<ApiToken[]> {
    const rows = await this.tokens.find({ where: { user_id: userId }, order: { created_at: 'DESC', id: 'DESC' } });
    return rows.map(toApiToken);
  }

  async create(userId: number, input: ApiTokenCreateInput): Promise<CreatedApiToken> {
    const { name, scopes, expires_at } = apiTokenCreateInputSchema.parse(input);
    const held = await this.tokens.count({ where: { user_id: userId, revoked_at: IsNull() } });
    if (held >= API_TOKENS_PER_USER_MAX) {
      throw DomainError.invalid([
        { field: 'name', message: `You hold ${API_TOKENS_PER_USER_MAX} tokens already: revoke one first` },
      ]);
    }
    const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.tokens.save(
      this.tokens.create({
        user_id: userId,
        name,
        scopes,
        token_hash: secretTokenHash(secret),
        hint: secret.slice(0, HINT_LENGTH),
        expires_at: expires_at ? new Date(expires_at) : null,
        last_used_at: null,
        revoked_at: null,
      }),
    );
    return { token: toApiToken(row), secret };
  }

  /** Revokes one of the user's tokens (another user's is not found); revoking twice keeps the first time. */
  async revoke(userId: number, id: number): Promise<ApiToken> {
    const row = await this.tokens.findOne({ where: { id, user_id: userId } });
    if (!row) throw DomainError.notFound('API token');
    if (!row.revoked_at) {
      await this.tokens.update({ id, revoked_at: IsNull() }, { revoked_at: () => 'now()' });
    }
    return toApiToken(await this.tokens.findOneOrFail({ where: { id } }));
  }
}
