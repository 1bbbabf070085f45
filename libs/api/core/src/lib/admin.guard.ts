import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { requireAdmin, requireUser } from './session-user';

/** REST: only an administrator's session passes (`@UseGuards(AdminGuard)`). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    requireAdmin(context.switchToHttp().getRequest<Request>().user);
    return true;
  }
}

/** REST: any signed-in user passes (`@UseGuards(SignedInGuard)`). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    requireUser(context.switchToHttp().getRequest<Request>().user);
    return true;
  }
}
