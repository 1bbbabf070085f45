import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProjectEntity } from '@blog/api/data';
import { ProjectsAdminController } from './projects-admin.controller';
import { ProjectsController } from './projects.controller';
import { ProjectsRouter } from './projects.router';
import { ProjectsService } from './projects.service';
import './projects.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([ProjectEntity])],
  // The admin's controller first: `admin/projects` is no slug of `projects/:slug`, but its routes are the more specific.
  controllers: [ProjectsAdminController, ProjectsController],
  providers: [ProjectsService, ProjectsRouter],
  exports: [ProjectsService, ProjectsRouter],
})
export class ProjectsModule {}
