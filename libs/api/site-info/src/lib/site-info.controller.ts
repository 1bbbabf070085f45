import { Body, Controller, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { etagOf, generalInfoInputSchema, idSchema } from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, RestChange, ZodValidationPipe } from '@blog/api/http';
import { SiteInfoService, type GeneralInfoFields } from './site-info.service';

@Controller()
export class SiteInfoController {
  constructor(private readonly siteInfo: SiteInfoService) {}

  @TokenScope('content:read')
  @Get('gst-generalInfo')
  publicList() {
    return this.siteInfo.list();
  }

  /** With the `ETag` of the one record, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get('generalInfo')
  async list(@Res({ passthrough: true }) res: Response) {
    const records = await this.siteInfo.list();
    if (records.length === 1) res.setHeader('ETag', etagOf(records[0].version));
    return records;
  }

  /** As its administrators read it (with the moderation's rules), with the `ETag` for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get('generalInfo/:id')
  @UseGuards(AdminGuard)
  async byId(
    @Param('id', new ZodValidationPipe(idSchema, 'id')) id: number,
    @Res({ passthrough: true }) res: Response,
  ) {
    const record = await this.siteInfo.adminById(id);
    res.setHeader('ETag', etagOf(record.version));
    return record;
  }

  /** 200 `{status: 200, id}`; 409 when the record exists already (the spec's client then uses PUT). */
  @TokenScope('content:write')
  @Post('generalInfo')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  create(
    @Body(new ZodValidationPipe(generalInfoInputSchema)) body: GeneralInfoFields,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.siteInfo.create(body, origin);
  }

  /** With `If-Match: "v<version>"`: written only over that version, else 412 with `current` and `changed`. */
  @TokenScope('content:write')
  @Put('generalInfo/:id')
  @UseGuards(AdminGuard)
  update(
    @Param('id', new ZodValidationPipe(idSchema, 'id')) id: number,
    @Body(new ZodValidationPipe(generalInfoInputSchema)) body: GeneralInfoFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.siteInfo.update(id, body, origin, version);
  }

  /** The tag manager and conversion ids the public pages load (null: not configured). */
  @TokenScope('content:read')
  @Get('site-tags')
  tags() {
    return this.siteInfo.tags();
  }
}
