import { Module } from '@nestjs/common';
import { UploadsController } from './uploads.controller';
import { UploadsRouter } from './uploads.router';
import { UploadsService } from './uploads.service';

@Module({
  controllers: [UploadsController],
  providers: [UploadsService, UploadsRouter],
  exports: [UploadsService, UploadsRouter],
})
export class UploadsModule {}
