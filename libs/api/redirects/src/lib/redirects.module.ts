import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotFoundHitEntity, RedirectEntity } from '@blog/api/data';
import { NotFoundLogService } from './not-found-log.service';
import { RedirectsController } from './redirects.controller';
import { RedirectsRouter } from './redirects.router';
import { RedirectsService } from './redirects.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './redirects.openapi';

/**
 * Redirects from old addresses and the 404 log. The app mounts `redirectsMiddleware` before the
 * public pages and gives the 404 pages to `NotFoundLogService.record` (apps/api `createApp`).
 */
@Module({
  imports: [TypeOrmModule.forFeature([RedirectEntity, NotFoundHitEntity])],
  controllers: [RedirectsController],
  providers: [RedirectsService, NotFoundLogService, RedirectsRouter],
  exports: [RedirectsService, NotFoundLogService, RedirectsRouter],
})
export class RedirectsModule {}
