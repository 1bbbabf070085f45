import { Body, Controller, Delete, Get, Param, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  autosaveInputSchema,
  autosaveSlotSchema,
  autosavesQuerySchema,
  type AutosaveValues,
  type NewRecordKind,
} from '@blog/contracts';
import { AdminGuard, requireAdmin } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { AutosavesService } from './autosaves.service';

const slotPipe = new ZodValidationPipe(autosaveSlotSchema, 'slot');
/** The signed-in administrator's id (`AdminGuard` let the request through). */
const userIdOf = (req: Request) => requireAdmin(req.user).id;

/**
 * The signed-in administrator's autosaves, under `/api/autosaves`. The editor's page-hide save is a
 * `fetch` with `keepalive` to `PUT /api/autosaves/{slot}` (same origin, so it passes the cross-site check).
 */
@Controller('autosaves')
@UseGuards(AdminGuard)
export class AutosavesController {
  constructor(private readonly autosaves: AutosavesService) {}

  /** The new posts (`?kind=new-post`) or projects (`?kind=new-project`) never submitted, the last saved first. */
  @Get()
  list(@Req() req: Request, @Query(new ZodValidationPipe(autosavesQuerySchema)) query: { kind: NewRecordKind }) {
    return this.autosaves.listNew(userIdOf(req), query.kind);
  }

  /** 404 when the slot is empty. */
  @Get(':slot')
  get(@Req() req: Request, @Param('slot', slotPipe) slot: string) {
    return this.autosaves.get(userIdOf(req), slot);
  }

  /** Writes the slot: `{slot, values, base_version, saved_at}`; 413 over `AUTOSAVE_VALUES_MAX_CHARS`. */
  @Put(':slot')
  save(
    @Req() req: Request,
    @Param('slot', slotPipe) slot: string,
    @Body(new ZodValidationPipe(autosaveInputSchema)) body: { values: AutosaveValues; base_version: number | null },
  ) {
    return this.autosaves.save(userIdOf(req), slot, body.values, body.base_version);
  }

  /** `{status: 200}`, also when the slot was empty. */
  @Delete(':slot')
  discard(@Req() req: Request, @Param('slot', slotPipe) slot: string) {
    return this.autosaves.discard(userIdOf(req), slot);
  }
}
