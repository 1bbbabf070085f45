import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ChangeOrigin } from '@blog/api/data';
import type { Request } from 'express';
import { deviceLabel } from '@blog/api/security';

/** Who writes through a request: its signed-in user and session's device ("Firefox on Android"). */
export function changeOriginOf(req: Request | undefined, via: 'rest' | 'trpc'): ChangeOrigin {
  if (!req) return { via, user_id: null, session: null };
  return {
    via,
    user_id: req.user?.id ?? null,
    session: req.session?.device ?? (req.get('user-agent') ? deviceLabel(req.get('user-agent')) : null),
  };
}

/** A REST handler's `ChangeOrigin` (door 'rest'). */
export const RestChange = createParamDecorator((_data: unknown, context: ExecutionContext): ChangeOrigin =>
  changeOriginOf(context.switchToHttp().getRequest<Request>(), 'rest'),
);
