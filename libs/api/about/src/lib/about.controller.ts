import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { aboutInputSchema, idSchema, type AboutInput } from '@blog/contracts';
import { AdminGuard, ZodValidationPipe } from '@blog/api/core';
import { AboutService } from './about.service';

@Controller()
export class AboutController {
  constructor(private readonly about: AboutService) {}

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
  update(
    @Param('id', new ZodValidationPipe(idSchema, 'id')) id: number,
    @Body(new ZodValidationPipe(aboutInputSchema)) body: AboutInput,
  ) {
    return this.about.update(id, body.content);
  }
}
