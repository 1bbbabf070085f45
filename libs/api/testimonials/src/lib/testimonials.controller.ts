import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import {
  adminLanguageQuerySchema,
  etagOf,
  idSchema,
  orderInputSchema,
  testimonialInputSchema,
  translateBodySchema,
  type AdminLanguageQuery,
  type Language,
  type OrderInput,
  type TestimonialFields,
} from '@blog/contracts';
import type { ChangeOrigin } from '@blog/api/data';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { IfMatch, LangQuery, RestChange, ZodValidationPipe } from '@blog/api/http';
import { TestimonialsService } from './testimonials.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

/** The public read: the shown testimonials of one language (`?lang=`, else the default's), in the owner's order. */
@Controller('gst-testimonials')
export class PublicTestimonialsController {
  constructor(private readonly testimonials: TestimonialsService) {}

  @TokenScope('content:read')
  @Get()
  list(@LangQuery() lang?: Language) {
    return this.testimonials.listShown(lang);
  }
}

/** The admin's testimonials, hidden ones too, under `/api/testimonials`: administrators only. */
@Controller('testimonials')
@UseGuards(AdminGuard)
export class TestimonialsController {
  constructor(private readonly testimonials: TestimonialsService) {}

  /** `?language=&missing_translation=` filter them. */
  @TokenScope('content:read')
  @Get()
  list(@Query(new ZodValidationPipe(adminLanguageQuerySchema)) query: NonNullable<AdminLanguageQuery>) {
    return this.testimonials.list(query);
  }

  /** With `ETag: "v<version>"`, for the `If-Match` of the next `PUT`. */
  @TokenScope('content:read')
  @Get(':id')
  async get(@Param('id', idPipe) id: number, @Res({ passthrough: true }) res: Response) {
    const testimonial = await this.testimonials.get(id);
    res.setHeader('ETag', etagOf(testimonial.version));
    return testimonial;
  }

  /** 200 with the created testimonial, as the other domains' creates. */
  @TokenScope('content:write')
  @Post()
  @HttpCode(200)
  create(
    @Body(new ZodValidationPipe(testimonialInputSchema)) body: TestimonialFields,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.testimonials.create(body, origin);
  }

  /** Every testimonial's id in the order wanted; answers the list in its new order. */
  @TokenScope('content:write')
  @Put('order')
  reorder(@Body(new ZodValidationPipe(orderInputSchema)) body: OrderInput) {
    return this.testimonials.reorder(body.ids);
  }

  /** With `If-Match: "v<version>"`: written only over that version, else 412 with `current` and `changed`. */
  @TokenScope('content:write')
  @Put(':id')
  update(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(testimonialInputSchema)) body: TestimonialFields,
    @IfMatch() version: number | undefined,
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.testimonials.update(id, body, origin, version);
  }

  /** 201 the new version: a hidden testimonial in `language` pre-filled from this one and linked to it (tRPC `testimonials.translate`). */
  @TokenScope('content:write')
  @Post(':id/translations')
  translate(
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(translateBodySchema)) body: { language: Language },
    @RestChange() origin: ChangeOrigin,
  ) {
    return this.testimonials.translate(id, body.language, origin);
  }

  /** Makes the two testimonials versions of each other (tRPC `testimonials.linkTranslation`); answers the testimonial. */
  @TokenScope('content:write')
  @Put(':id/translations/:translation_id')
  linkTranslation(
    @Param('id', idPipe) id: number,
    @Param('translation_id', new ZodValidationPipe(idSchema, 'translation_id')) translationId: number,
  ) {
    return this.testimonials.linkTranslation(id, translationId);
  }

  /** Takes the testimonial out of its translation group (tRPC `testimonials.unlinkTranslation`); answers the testimonial. */
  @TokenScope('content:write')
  @Delete(':id/translations')
  unlinkTranslation(@Param('id', idPipe) id: number) {
    return this.testimonials.unlinkTranslation(id);
  }

  @TokenScope('content:write')
  @Delete(':id')
  remove(@Param('id', idPipe) id: number) {
    return this.testimonials.remove(id);
  }
}
