import { Module } from '@nestjs/common';
import { PostEvents } from './post-events';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity, PostPreviewEntity, SlugHistoryEntity } from '@blog/api/data';
import { PostsAdminController } from './posts-admin.controller';
import { PostPreviewsService } from './post-previews.service';
import { PostsAdminService } from './posts-admin.service';
import { PostsController } from './posts.controller';
import { PostsRouter } from './posts.router';
import { PostsService } from './posts.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './posts.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([PostEntity, CategoryEntity, SlugHistoryEntity, PostPreviewEntity])],
  controllers: [PostsController, PostsAdminController],
  providers: [PostsService, PostsAdminService, PostPreviewsService, PostsRouter, PostEvents],
  exports: [PostsService, PostsAdminService, PostsRouter],
})
export class PostsModule {}
