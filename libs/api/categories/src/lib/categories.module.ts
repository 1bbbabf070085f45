import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity, SlugHistoryEntity } from '@blog/api/data';
import { CategoriesController } from './categories.controller';
import { CategoriesRouter } from './categories.router';
import { CategoriesService } from './categories.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './categories.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([CategoryEntity, PostEntity, SlugHistoryEntity])],
  controllers: [CategoriesController],
  providers: [CategoriesService, CategoriesRouter],
  exports: [CategoriesService, CategoriesRouter],
})
export class CategoriesModule {}
