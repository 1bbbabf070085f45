import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RevisionEntity } from '@blog/api/data';
import { RevisionsController } from './revisions.controller';
import { RevisionsRouter } from './revisions.router';
import { RevisionsService } from './revisions.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './revisions.openapi';

/** The revisions' reads and their thinning job (`JobsModule` must be in the app). */
@Module({
  imports: [TypeOrmModule.forFeature([RevisionEntity])],
  controllers: [RevisionsController],
  providers: [RevisionsService, RevisionsRouter],
  exports: [RevisionsService, RevisionsRouter],
})
export class RevisionsModule {}
