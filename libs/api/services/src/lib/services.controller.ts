import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  etagOf,
  idSchema,
  orderInputSchema,
  serviceInputSchema,
  slugParamSchema,
  type OrderInput,
  type ServiceFields,
} from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, RestChange, ZodValidationPipe } from '@blog/api/http';
import { ServicesService } from './services.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/** The public reads: the shown services, in the owner's order. */
@Controller('gst-services')
export class PublicServicesController {
  constructor(private readonly services: ServicesService) {}

  @TokenScope('content:read')
  @Get()
  list() {
    return this.services.listShown();
  }

  /** 404 for a hidden service as for an unknown one. */
  @TokenScope('content:read')
  @Get(':slug')
  get(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string) {
    return this.services.getShown(slug);
  }
}

/** The admin's services, hidden ones too, under `/api/services`: administrators only. */
@Controller('services')
@UseGuards(AdminGuard)
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  @TokenScope('content:read')
  @Get()
  list() {
    return this.services.list();
  }

  /** With `ETag: "v<version>"`, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get(':id')
  async get(@Param('id', idPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const service = await this.services.get(id);
    res.setHeader('ETag', etagOf(service.version));
    return service;
  }

  /** 200 with the created service, as the other domains' creates. */
  @TokenScope('content:write')
  @Post()
  @HttpCode(200)
  create(@Body(new ZodValidationPipe(serviceInputSchema)) body: ServiceFields, @RestChange() origin: ChangeOrigin) {
    return this.services.create(body, origin);
  }

  /** Every service's id in the order wanted; answers the list in its new order. */
  @TokenScope('content:write')
  @Put('order')
  reorder(@Body(new ZodValidationPipe(orderInputSchema)) body: OrderInput) {
    return this.services.reorder(body.ids);
  }

  /** With `If-Match: "v<version>"`: written only over that version, else 412 with `current` and `changed`. */
  @TokenScope('content:write')
  @Put(':id')
  update(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(serviceInputSchema)) body: ServiceFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.services.update(id, body, origin, version);
  }

  @TokenScope('content:write')
  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.services.remove(id);
  }
}
