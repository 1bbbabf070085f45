import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity, ProjectEntity, ServiceEntity } from '@blog/api/data';
import { SitemapController } from './sitemap.controller';
import { SitemapRouter } from './sitemap.router';
import { SitemapService } from './sitemap.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './sitemap.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([PostEntity, CategoryEntity, ProjectEntity, ServiceEntity])],
  controllers: [SitemapController],
  providers: [SitemapService, SitemapRouter],
  exports: [SitemapService, SitemapRouter],
})
export class SitemapModule {}
