import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { categoryInputSchema, etagOf, idSchema, type Language } from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, LangQuery, RestChange, ZodValidationPipe } from '@blog/api/http';
import { CategoriesService, type CategoryFields } from './categories.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @TokenScope('content:read')
  @Get('gst-categories')
  links(@LangQuery() lang?: Language) {
    return this.categories.links(lang);
  }

  @TokenScope('content:read')
  @Get('categories')
  list() {
    return this.categories.list();
  }

  /** With `ETag: "v<version>"`, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get('categories/:id')
  async get(@Param('id', idPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const category = await this.categories.get(id);
    res.setHeader('ETag', etagOf(category.version));
    return category;
  }

  /** 200 (the spec's client counts only 200) with the created category. */
  @TokenScope('content:write')
  @Post('categories')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  create(@Body(new ZodValidationPipe(categoryInputSchema)) body: CategoryFields, @RestChange() origin: ChangeOrigin) {
    return this.categories.create(body, origin);
  }

  /** With `If-Match: "v<version>"`: written only over that version, else 412 with `current` and `changed`. */
  @TokenScope('content:write')
  @Put('categories/:id')
  @UseGuards(AdminGuard)
  update(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(categoryInputSchema)) body: CategoryFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.categories.update(id, body, origin, version);
  }

  /** Makes the two categories versions of each other (tRPC `categories.linkTranslation`); answers the category. */
  @TokenScope('content:write')
  @Put('categories/:id/translations/:translation_id')
  @UseGuards(AdminGuard)
  linkTranslation(
    @Param('id', idPipe) id: number,
    @Param('translation_id', new ZodValidationPipe(idSchema, 'translation_id')) translationId: number,
  ) {
    return this.categories.linkTranslation(id, translationId);
  }

  /** Takes the category out of its translation group (tRPC `categories.unlinkTranslation`); answers the category. */
  @TokenScope('content:write')
  @Delete('categories/:id/translations')
  @UseGuards(AdminGuard)
  unlinkTranslation(@Param('id', idPipe) id: number) {
    return this.categories.unlinkTranslation(id);
  }

  @TokenScope('content:write')
  @Delete('categories/:id')
  @UseGuards(AdminGuard)
  remove(@Param('id', idPipe) id: number) {
    return this.categories.remove(id);
  }
}
