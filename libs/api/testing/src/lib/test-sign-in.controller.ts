import { Body, Controller, Get, HttpCode, Module, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { emailSchema } from '@blog/contracts';
import { DomainError } from '@blog/api/core';
import { verifyPassword, type SessionUser } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { UserEntity } from '@blog/api/data';

export const TEST_SIGN_IN_PATH = '/api/test/sign-in';
export const TEST_SESSION_PATH = '/api/test/session';

const testSignInSchema = z.object({
  email: emailSchema,
  /** When given, it must match the stored hash (checked with `verifyPassword`, as the real login does). */
  password: z.string().optional(),
});
type TestSignIn = z.output<typeof testSignInSchema>;

/**
 * Test apps only (`createTestApp(..., { signIn: true })`): signs a user in without the auth domain,
 * through the same Passport and session store the real login uses (`configureHttpApp` installs them),
 * so a domain's specs can sign in without importing another domain. The real login flow (rate
 * limiting, decoy hash, answer) is the auth domain's and is covered by its own spec.
 */
@Controller('test')
export class TestSignInController {
  constructor(private readonly dataSource: DataSource) {}

  /** `POST /api/test/sign-in {email, password?}`: answers the session user, 401 for an unknown e-mail or a wrong password. */
  @Post('sign-in')
  @HttpCode(200)
  async signIn(
    @Req() req: Request,
    @Body(new ZodValidationPipe(testSignInSchema)) body: TestSignIn,
  ): Promise<SessionUser> {
    const user = await this.dataSource.getRepository(UserEntity).findOne({
      where: { email: body.email },
      select: ['id', 'email', 'name', 'is_admin', 'password_hash'],
    });
    if (!user) throw new DomainError('UNAUTHORIZED', `Test sign-in: no user ${body.email}`);
    if (body.password !== undefined && !(await verifyPassword(user.password_hash, body.password))) {
      throw new DomainError('UNAUTHORIZED', `Test sign-in: wrong password for ${body.email}`);
    }
    const sessionUser: SessionUser = { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin };
    // Passport regenerates the session, as on a real sign-in.
    await new Promise<void>((resolve, reject) =>
      req.logIn(sessionUser, (error) => (error ? reject(error) : resolve())),
    );
    return sessionUser;
  }

  /** `GET /api/test/session`: who the session says is signed in (`{user: null}` without a live session). */
  @Get('session')
  session(@Req() req: Request): { user: SessionUser | null } {
    const user = req.user;
    return { user: user ? { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin } : null };
  }
}

@Module({ controllers: [TestSignInController] })
export class TestSignInModule {}
