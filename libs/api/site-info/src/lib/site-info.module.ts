import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GeneralInfoEntity } from '@blog/api/data';
import { SiteInfoController } from './site-info.controller';
import { SiteInfoRouter } from './site-info.router';
import { SiteInfoService } from './site-info.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './site-info.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([GeneralInfoEntity])],
  controllers: [SiteInfoController],
  providers: [SiteInfoService, SiteInfoRouter],
  exports: [SiteInfoService, SiteInfoRouter],
})
export class SiteInfoModule {}
