import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity } from '@blog/api/data';
import { PostsController } from './posts.controller';
import { PostsRouter } from './posts.router';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([PostEntity, CategoryEntity])],
  controllers: [PostsController],
  providers: [PostsService, PostsRouter],
  exports: [PostsService, PostsRouter],
})
export class PostsModule {}
