import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportEntity } from '@blog/api/data';
import { CategoriesModule } from '@blog/api/categories';
import { ExportsModule } from '@blog/api/exports';
import { PostsModule } from '@blog/api/posts';
import { ProjectsModule } from '@blog/api/projects';
import { TestimonialsModule } from '@blog/api/testimonials';
import { RedirectsModule } from '@blog/api/redirects';
import { UploadsModule } from '@blog/api/uploads';
import { BackupsController } from './backups/backups.controller';
import { BackupsRouter } from './backups/backups.router';
import { BackupsService } from './backups/backups.service';
import { ImportsController } from './imports.controller';
import { ImportsRouter } from './imports.router';
import { ImportsService } from './imports.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './imports.openapi';

/** WordPress, Ghost and archive imports and the scheduled backups, run by the job queue (`JobsModule` must be in the app). */
@Module({
  imports: [
    TypeOrmModule.forFeature([ImportEntity]),
    PostsModule,
    CategoriesModule,
    ProjectsModule,
    TestimonialsModule,
    UploadsModule,
    ExportsModule,
    RedirectsModule,
  ],
  controllers: [ImportsController, BackupsController],
  providers: [ImportsService, ImportsRouter, BackupsService, BackupsRouter],
  exports: [ImportsService, ImportsRouter, BackupsRouter],
})
export class ImportsModule {}
