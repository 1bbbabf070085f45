import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Not, type Repository } from 'typeorm';
import { OK, type Ok, type User, type userCreateInputSchema, type userUpdateInputSchema } from '@blog/contracts';
import { ADVISORY_LOCKS, UserEntity } from '@blog/api/data';
import { conflictOnUnique, DomainError } from '@blog/api/core';
import { endUserSessions, hashPassword, type SessionUser } from '@blog/api/security';
import type { z } from 'zod';

export type UserCreateFields = z.output<typeof userCreateInputSchema>;
export type UserUpdateFields = z.output<typeof userUpdateInputSchema>;

/** Who makes the change: the signed-in administrator and their session (kept when they change their own password). */
export interface Actor {
  user: SessionUser;
  sessionId?: string;
}

const EMAIL_TAKEN = { field: 'email', message: 'Another user already has this e-mail address' };
/** The unique constraint judges what `refuseTakenEmail` may miss when two saves race. */
const EMAIL_CONSTRAINT = { UQ_users_email: EMAIL_TAKEN };

function toUser(user: UserEntity): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    is_admin: user.is_admin ? 1 : 0,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}

/**
 * The accounts, as administrators manage them. Passwords are stored as argon2id hashes and never
 * leave this service; the site always keeps at least one administrator.
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly dataSource: DataSource,
  ) {}

  async list(): Promise<User[]> {
    return (await this.users.find({ order: { id: 'ASC' } })).map(toUser);
  }

  async get(id: number): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw DomainError.notFound('User');
    return toUser(user);
  }

  /** A taken e-mail (compared lower-cased) is a 409 naming `email`. */
  async create(fields: UserCreateFields): Promise<User> {
    await this.refuseTakenEmail(this.users.manager, fields.email);
    const { identifiers } = await conflictOnUnique(
      async () =>
        this.users.insert({
          name: fields.name,
          email: fields.email,
          password_hash: await hashPassword(fields.password),
          is_admin: fields.is_admin,
        }),
      EMAIL_CONSTRAINT,
    );
    return this.get(identifiers[0]['id'] as number);
  }

  /**
   * Changes what is given. Demoting the last administrator is refused (409); a new password ends
   * the user's sessions (but the one making the change, when they change their own).
   */
  async update(actor: Actor, id: number, fields: UserUpdateFields): Promise<User> {
    const changes: Partial<UserEntity> = {};
    if (fields.name !== undefined) changes.name = fields.name;
    if (fields.email !== undefined) changes.email = fields.email;
    if (fields.is_admin !== undefined) changes.is_admin = fields.is_admin;
    if (fields.password !== undefined) changes.password_hash = await hashPassword(fields.password);

    await this.dataSource.transaction(async (manager) => {
      if (changes.is_admin === false) await this.lockAdmins(manager);
      const user = await manager.findOneBy(UserEntity, { id });
      if (!user) throw DomainError.notFound('User');
      if (user.is_admin && changes.is_admin === false) {
        await this.requireAnotherAdmin(manager, id, 'The last administrator cannot lose the administrator role');
      }
      if (changes.email !== undefined) await this.refuseTakenEmail(manager, changes.email, id);
      if (Object.keys(changes).length > 0) {
        await conflictOnUnique(() => manager.update(UserEntity, { id }, changes), EMAIL_CONSTRAINT);
      }
      if (changes.password_hash) {
        await endUserSessions(manager, id, id === actor.user.id ? actor.sessionId : undefined);
      }
    });
    return this.get(id);
  }

  /** Nobody deletes their own account, and the last administrator stays (409). */
  async remove(actor: Actor, id: number): Promise<Ok> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockAdmins(manager);
      const user = await manager.findOneBy(UserEntity, { id });
      if (!user) throw DomainError.notFound('User');
      if (id === actor.user.id) throw new DomainError('CONFLICT', 'You cannot delete your own account');
      if (user.is_admin) await this.requireAnotherAdmin(manager, id, 'The last administrator cannot be deleted');
      await manager.delete(UserEntity, { id });
      await endUserSessions(manager, id);
    });
    return OK;
  }

  private async refuseTakenEmail(manager: EntityManager, email: string, exceptId?: number): Promise<void> {
    const owner = await manager.findOne(UserEntity, { where: { email }, select: ['id'] });
    if (owner && owner.id !== exceptId) throw new DomainError('CONFLICT', EMAIL_TAKEN.message, [EMAIL_TAKEN]);
  }

  private async lockAdmins(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.admins]);
  }

  private async requireAnotherAdmin(manager: EntityManager, id: number, message: string): Promise<void> {
    const others = await manager.countBy(UserEntity, { is_admin: true, id: Not(id) });
    if (others === 0) throw new DomainError('CONFLICT', message);
  }
}
