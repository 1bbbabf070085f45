import { Body, Controller, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { aboutInputSchema, etagOf, idSchema, type Language } from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, LangQuery, RestChange, ZodValidationPipe } from '@blog/api/http';
import { AboutService, type AboutFields } from './about.service';

@Controller()
export class AboutController {
  constructor(private readonly about: AboutService) {}

  @TokenScope('content:read')
  @Get('gst-about')
  publicList(@LangQuery() lang?: Language) {
    return this.about.publicList(lang);
  }

  /** With the `ETag` of the one record, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get('about')
  async list(@Res({ passthrough: true }) res: Response) {
    const records = await this.about.list();
    if (records.length === 1) res.setHeader('ETag', etagOf(records[0].version));
    return records;
  }

  /** 200 `{status: 200, id}`; 409 when the record exists already (the spec's client then uses PUT). */
  @TokenScope('content:write')
  @Post('about')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  create(@Body(new ZodValidationPipe(aboutInputSchema)) body: AboutFields, @RestChange() origin: ChangeOrigin) {
    return this.about.create(body, origin);
  }

  /** With `If-Match: "v<version>"`: written only over that version, else 412 with `current` and `changed`. */
  @TokenScope('content:write')
  @Put('about/:id')
  @UseGuards(AdminGuard)
  update(
    @Param('id', new ZodValidationPipe(idSchema, 'id')) id: number,
    @Body(new ZodValidationPipe(aboutInputSchema)) body: AboutFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.about.update(id, body, origin, version);
  }
}
