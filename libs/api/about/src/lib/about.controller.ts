import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { aboutInputSchema, autosaveSlotOf, idSchema, type AboutInput } from '@blog/contracts';
import { DataSource } from 'typeorm';
import { clearAutosaveAfterSave } from '@blog/api/data';
import { AdminGuard, ZodValidationPipe } from '@blog/api/core';
import { AboutService } from './about.service';

@Controller()
export class AboutController {
  constructor(
    private readonly about: AboutService,
    private readonly database: DataSource,
  ) {}

  @Get('gst-about')
  publicList() {
    return this.about.publicList();
  }

  @Get('about')
  list() {
    return this.about.list();
  }

  /** 200 `{status: 200, id}`; 409 when the record exists already (the spec's client then uses PUT). */
  @Post('about')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  create(@Body(new ZodValidationPipe(aboutInputSchema)) body: AboutInput) {
    return this.about.create(body.content);
  }

  @Put('about/:id')
  @UseGuards(AdminGuard)
  async update(
    @Req() req: Request,
    @Param('id', new ZodValidationPipe(idSchema, 'id')) id: number,
    @Body(new ZodValidationPipe(aboutInputSchema)) body: AboutInput,
  ) {
    const saved = await this.about.update(id, body.content);
    // Saved: the saver's autosave of the About page is done with.
    await clearAutosaveAfterSave(this.database, req.user?.id, autosaveSlotOf.about(id));
    return saved;
  }
}
