import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity, SlugHistoryEntity } from '@blog/api/data';
import { PostsAdminController } from './posts-admin.controller';
import { PostsAdminService } from './posts-admin.service';
import { PostsController } from './posts.controller';
import { PostsRouter } from './posts.router';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([PostEntity, CategoryEntity, SlugHistoryEntity])],
  controllers: [PostsController, PostsAdminController],
  providers: [PostsService, PostsAdminService, PostsRouter],
  exports: [PostsService, PostsAdminService, PostsRouter],
})
export class PostsModule {}
