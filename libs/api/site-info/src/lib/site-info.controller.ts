import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { generalInfoInputSchema, idSchema } from '@blog/contracts';
import { AdminGuard, ZodValidationPipe } from '@blog/api/core';
import { SiteInfoService, type GeneralInfoFields } from './site-info.service';

@Controller()
export class SiteInfoController {
  constructor(private readonly siteInfo: SiteInfoService) {}

  @Get('gst-generalInfo')
  publicList() {
    return this.siteInfo.list();
  }

  @Get('generalInfo')
  list() {
    return this.siteInfo.list();
  }

  /** 200 `{status: 200, id}`; 409 when the record exists already (the spec's client then uses PUT). */
  @Post('generalInfo')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  create(@Body(new ZodValidationPipe(generalInfoInputSchema)) body: GeneralInfoFields) {
    return this.siteInfo.create(body);
  }

  @Put('generalInfo/:id')
  @UseGuards(AdminGuard)
  update(
    @Param('id', new ZodValidationPipe(idSchema, 'id')) id: number,
    @Body(new ZodValidationPipe(generalInfoInputSchema)) body: GeneralInfoFields,
  ) {
    return this.siteInfo.update(id, body);
  }

  /** The tag manager and conversion ids the public pages load (null: not configured). */
  @Get('site-tags')
  tags() {
    return this.siteInfo.tags();
  }
}
