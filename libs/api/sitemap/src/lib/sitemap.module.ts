import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoryEntity, PostEntity } from '@blog/api/data';
import { SitemapController } from './sitemap.controller';
import { SitemapRouter } from './sitemap.router';
import { SitemapService } from './sitemap.service';

@Module({
  imports: [TypeOrmModule.forFeature([PostEntity, CategoryEntity])],
  controllers: [SitemapController],
  providers: [SitemapService, SitemapRouter],
  exports: [SitemapService, SitemapRouter],
})
export class SitemapModule {}
