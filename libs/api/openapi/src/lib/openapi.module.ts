import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';
import './openapi.routes';
import { OpenApiService } from './openapi.service';

@Module({
  controllers: [OpenApiController],
  providers: [OpenApiService],
  exports: [OpenApiService],
})
export class OpenApiModule {}
