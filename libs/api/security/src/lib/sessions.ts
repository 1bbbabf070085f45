import type { IncomingMessage } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import { Passport } from 'passport';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { readOrCreateSecret, UserEntity } from '@blog/api/data';
import { exceptProbes, type AppConfig } from '@blog/api/core';
import { recordSessionActivity } from './session-activity';
import type { SessionUser } from './session-user';
import { SESSIONS_TABLE } from './session-table';

export const SESSION_COOKIE = 'blog.sid';

/** Whether the request carries our session cookie (signed or not: its presence is what matters), e.g. the owner's. */
export function hasSessionCookie(req: Pick<IncomingMessage, 'headers'>): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** The secret that signs session cookies: `SESSION_SECRET`, else one generated once into `DATA_DIR`. */
export function sessionSecretOf(config: AppConfig): string {
  return config.sessionSecret ?? readOrCreateSecret(config.dataDir, 'session-secret');
}

/** The pg pool TypeORM already holds, shared by the session store and the rate limiter. */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * Server-side sessions in PostgreSQL (so several instances can serve one site) behind an httpOnly,
 * SameSite=Lax cookie, Secure on an https site; Passport keeps the user id in the session and loads
 * the user on each request, so a deleted or demoted user loses access at once. The health probes
 * go without: they must answer without touching the database.
 */
export function installSessions(app: INestApplication, config: AppConfig, dataSource: DataSource): void {
  const PgStore = connectPgSimple(session);
  const sessions = session({
    name: SESSION_COOKIE,
    secret: sessionSecretOf(config),
    store: new PgStore({ pool: poolOf(dataSource), tableName: SESSIONS_TABLE, pruneSessionInterval: false }),
    resave: false,
    saveUninitialized: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.siteUrl.startsWith('https:'),
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
  app.use(exceptProbes(sessions));

  // One Passport per app, so that test apps never share serialisers.
  const passport = new Passport();
  passport.serializeUser((user, done) => done(null, (user as SessionUser).id));
  passport.deserializeUser((id: number, done) => {
    dataSource
      .getRepository(UserEntity)
      .findOne({ where: { id }, select: ['id', 'email', 'name', 'is_admin'] })
      // `false` drops the stale session of a deleted user instead of failing the request.
      .then((user) =>
        done(null, user ? { id: user.id, email: user.email, name: user.name, is_admin: user.is_admin } : false),
      )
      .catch(done);
  });
  app.use(exceptProbes(passport.initialize()));
  app.use(exceptProbes(passport.session()));
  app.use(exceptProbes(recordSessionActivity));
}
