import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServiceEntity } from '@blog/api/data';
import { PublicServicesController, ServicesController } from './services.controller';
import { ServicesRouter } from './services.router';
import { ServicesService } from './services.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './services.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([ServiceEntity])],
  controllers: [PublicServicesController, ServicesController],
  providers: [ServicesService, ServicesRouter],
  exports: [ServicesService, ServicesRouter],
})
export class ServicesModule {}
