import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportEntity } from '@blog/api/data';
import { CategoriesModule } from '@blog/api/categories';
import { PostsModule } from '@blog/api/posts';
import { UploadsModule } from '@blog/api/uploads';
import { ImportsController } from './imports.controller';
import { ImportsRouter } from './imports.router';
import { ImportsService } from './imports.service';

/** WordPress, Ghost and archive imports, run by the job queue (`JobsModule` must be in the app). */
@Module({
  imports: [TypeOrmModule.forFeature([ImportEntity]), PostsModule, CategoriesModule, UploadsModule],
  controllers: [ImportsController],
  providers: [ImportsService, ImportsRouter],
  exports: [ImportsService, ImportsRouter],
})
export class ImportsModule {}
