import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { categoryInputSchema, idSchema } from '@blog/contracts';
import { AdminGuard, ZodValidationPipe } from '@blog/api/core';
import { CategoriesService, type CategoryFields } from './categories.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get('gst-categories')
  links() {
    return this.categories.links();
  }

  @Get('categories')
  list() {
    return this.categories.list();
  }

  @Get('categories/:id')
  get(@Param('id', idPipe) id: number) {
    return this.categories.get(id);
  }

  /** 200 (the spec's client counts only 200) with the created category. */
  @Post('categories')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  create(@Body(new ZodValidationPipe(categoryInputSchema)) body: CategoryFields) {
    return this.categories.create(body);
  }

  @Put('categories/:id')
  @UseGuards(AdminGuard)
  update(@Param('id', idPipe) id: number, @Body(new ZodValidationPipe(categoryInputSchema)) body: CategoryFields) {
    return this.categories.update(id, body);
  }

  @Delete('categories/:id')
  @UseGuards(AdminGuard)
  remove(@Param('id', idPipe) id: number) {
    return this.categories.remove(id);
  }
}
