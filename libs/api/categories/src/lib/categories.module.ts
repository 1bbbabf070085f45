import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity, SlugHistoryEntity } from '@blog/api/data';
import { TrashModule } from '@blog/api/posts';
import { CategoriesController } from './categories.controller';
import { CategoriesRouter } from './categories.router';
import { CategoriesService } from './categories.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './categories.openapi';

@Module({
  // The trash: a category's trashed posts are deleted for good with it.
  imports: [TypeOrmModule.forFeature([CategoryEntity, PostEntity, SlugHistoryEntity]), TrashModule],
  controllers: [CategoriesController],
  providers: [CategoriesService, CategoriesRouter],
  exports: [CategoriesService, CategoriesRouter],
})
export class CategoriesModule {}
