import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { setNoStore } from './no-store';
import { requireAdmin, requireUser } from './session-user';

/** An answer behind a session is never stored, its 401 and 403 included. */
function sessionUserOf(context: ExecutionContext): Request['user'] {
  const http = context.switchToHttp();
  setNoStore(http.getResponse<Response>());
  return http.getRequest<Request>().user;
}

/** REST: only an administrator's session passes (`@UseGuards(AdminGuard)`); its answers are not stored. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    requireAdmin(sessionUserOf(context));
    return true;
  }
}

/** REST: any signed-in user passes (`@UseGuards(SignedInGuard)`); its answers are not stored. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    requireUser(sessionUserOf(context));
    return true;
  }
}
