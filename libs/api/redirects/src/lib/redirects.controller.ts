import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  idSchema,
  NOT_FOUND_PAGE_SIZE,
  REDIRECTS_PAGE_SIZE,
  notFoundQuerySchema,
  redirectInputSchema,
  redirectsQuerySchema,
  type NotFoundFilter,
  type RedirectFields,
  type RedirectsFilter,
} from '@blog/contracts';
import { AdminGuard } from '@blog/api/security';
import { pagedRows, ZodValidationPipe } from '@blog/api/http';
import { NotFoundLogService } from './not-found-log.service';
import { RedirectsService } from './redirects.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');
const bodyPipe = new ZodValidationPipe(redirectInputSchema);

/** The redirects (`/api/redirects`) and the 404 log (`/api/not-found`): administrators only. */
@Controller()
@UseGuards(AdminGuard)
export class RedirectsController {
  constructor(
    private readonly redirects: RedirectsService,
    private readonly notFound: NotFoundLogService,
  ) {}

  /** Newest first, as a plain array; `X-Total-Count` counts every match. */
  @Get('redirects')
  async list(
    @Query(new ZodValidationPipe(redirectsQuerySchema)) filter: RedirectsFilter,
    @Res({ passthrough: true }) res: Response,
    @Req() req: Request,
  ) {
    return pagedRows(req, res, await this.redirects.list(filter), { page: filter.page, pageSize: REDIRECTS_PAGE_SIZE });
  }

  /** 200 with the created redirect, as the other domains' creates. */
  @Post('redirects')
  @HttpCode(200)
  create(@Body(bodyPipe) body: RedirectFields) {
    return this.redirects.create(body);
  }

  @Put('redirects/:id')
  update(@Param('id', idPipe) id: number, @Body(bodyPipe) body: RedirectFields) {
    return this.redirects.update(id, body);
  }

  @Delete('redirects/:id')
  remove(@Param('id', idPipe) id: number) {
    return this.redirects.remove(id);
  }

  /** The most hit first, as a plain array; `X-Total-Count` counts every row. */
  @Get('not-found')
  async notFoundList(
    @Query(new ZodValidationPipe(notFoundQuerySchema)) filter: NotFoundFilter,
    @Res({ passthrough: true }) res: Response,
    @Req() req: Request,
  ) {
    return pagedRows(req, res, await this.notFound.list(filter), { page: filter.page, pageSize: NOT_FOUND_PAGE_SIZE });
  }

  @Delete('not-found/:id')
  notFoundRemove(@Param('id', idPipe) id: number) {
    return this.notFound.remove(id);
  }

  @Delete('not-found')
  notFoundClear() {
    return this.notFound.clear();
  }
}
