import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';

/** Admin, auth and session answers: no browser, proxy or CDN keeps a copy (a shared computer's back button included). */
export function setNoStore(res: Pick<Response, 'setHeader'> | undefined): void {
  res?.setHeader('Cache-Control', 'no-store');
}

/** REST: marks every answer of a route (its refusals included) `Cache-Control: no-store`. */
@Injectable()
export class NoStoreInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    setNoStore(context.switchToHttp().getResponse<Response>());
    return next.handle();
  }
}

/**
 * A controller or route about the session (sign-in, password reset): never stored. Routes behind
 * `AdminGuard` or `SignedInGuard` need no mark: the guards set it.
 */
export const NoStore = () => UseInterceptors(NoStoreInterceptor);
