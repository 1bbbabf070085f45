import { Module } from '@nestjs/common';
import { PostEvents } from '../post-events';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostEntity } from '@blog/api/data';
import { TrashController } from './trash.controller';
import { TrashRouter } from './trash.router';
import { TrashService } from './trash.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import '../posts.openapi';

/** The trash of posts and its purge job (`JobsModule` must be in the app). */
@Module({
  imports: [TypeOrmModule.forFeature([PostEntity])],
  controllers: [TrashController],
  providers: [TrashService, TrashRouter, PostEvents],
  exports: [TrashService, TrashRouter],
})
export class TrashModule {}
