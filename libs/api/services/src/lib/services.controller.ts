import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  adminLanguageQuerySchema,
  etagOf,
  idSchema,
  orderInputSchema,
  serviceInputSchema,
  slugParamSchema,
  translateBodySchema,
  type AdminLanguageQuery,
  type Language,
  type OrderInput,
  type ServiceFields,
} from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, LangQuery, RestChange, ZodValidationPipe } from '@blog/api/http';
import { ServicesService } from './services.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/** The public reads: the shown services of one language (`?lang=`, else the default's), in the owner's order. */
@Controller('gst-services')
export class PublicServicesController {
  constructor(private readonly services: ServicesService) {}

  @TokenScope('content:read')
  @Get()
  list(@LangQuery() lang?: Language) {
    return this.services.listShown(lang);
  }

  /** 404 for a hidden service as for an unknown one. */
  @TokenScope('content:read')
  @Get(':slug')
  get(@Param('slug', new ZodValidationPipe(slugParamSchema, 'slug')) slug: string, @LangQuery() lang?: Language) {
    return this.services.getShown(slug, lang);
  }
}

/** The admin's services, hidden ones too, under `/api/services`: administrators only. */
@Controller('services')
@UseGuards(AdminGuard)
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  /** `?language=&missing_translation=` filter them. */
  @TokenScope('content:read')
  @Get()
  list(@Query(new ZodValidationPipe(adminLanguageQuerySchema)) query: NonNullable<AdminLanguageQuery>) {
    return this.services.list(query);
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

  /** 201 the new version: a hidden service in `language` pre-filled from this one and linked to it (tRPC `services.translate`). */
  @TokenScope('content:write')
  @Post(':id/translations')
  translate(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(translateBodySchema)) body: { language: Language },
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.services.translate(id, body.language, origin);
  }

  /** Makes the two services versions of each other (tRPC `services.linkTranslation`); answers the service. */
  @TokenScope('content:write')
  @Put(':id/translations/:translation_id')
  linkTranslation(
    @Param('id', idPipe) id: number,
    @Param('translation_id', new ZodValidationPipe(idSchema, 'translation_id')) translationId: number,
  ) {
    return this.services.linkTranslation(id, translationId);
  }

  /** Takes the service out of its translation group (tRPC `services.unlinkTranslation`); answers the service. */
  @TokenScope('content:write')
  @Delete(':id/translations')
  unlinkTranslation(@Param('id', idPipe) id: number) {
    return this.services.unlinkTranslation(id);
  }

  @TokenScope('content:write')
  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.services.remove(id);
  }
}
