import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectEntity } from '@blog/api/data';
import { ProjectSearchController } from './project-search.controller';
import { ProjectSearchService } from './project-search.service';
import { ProjectsAdminController } from './projects-admin.controller';
import { ProjectsController } from './projects.controller';
import { ProjectsRouter } from './projects.router';
import { ProjectsService } from './projects.service';
import { ProjectEvents } from './project-events';
import { ProjectsTrashController } from './trash/projects-trash.controller';
import { ProjectsTrashService } from './trash/projects-trash.service';
import './projects.openapi';

/** The portfolio's projects, their trash and their scheduled publication (with `JobsModule` in the app). */
@Module({
  imports: [TypeOrmModule.forFeature([ProjectEntity])],
  // The admin's controller first: `admin/projects` is no slug of `projects/:slug`, but its routes are the more specific.
  controllers: [ProjectsAdminController, ProjectsController, ProjectSearchController, ProjectsTrashController],
  providers: [ProjectsService, ProjectSearchService, ProjectEvents, ProjectsTrashService, ProjectsRouter],
  exports: [ProjectsService, ProjectsTrashService, ProjectsRouter],
})
export class ProjectsModule {}
