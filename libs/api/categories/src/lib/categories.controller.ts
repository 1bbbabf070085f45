import { Controller, Get, Param } from '@nestjs/common';
import { idSchema } from '@blog/contracts';
import { ZodValidationPipe } from '@blog/api/core';
import { CategoriesService } from './categories.service';

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
  get(@Param('id', new ZodValidationPipe(idSchema, 'id')) id: number) {
    return this.categories.get(id);
  }
}
