import { Module } from '@nestjs/common';
import { UploadStorageModule } from '@blog/api/upload-storage';
import { ImageImportService } from './image-import.service';
import { UploadsController } from './uploads.controller';
import { UploadsRouter } from './uploads.router';
import { UploadsService } from './uploads.service';
import { VideoPosterService } from './video-poster.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './uploads.openapi';

@Module({
  imports: [UploadStorageModule],
  controllers: [UploadsController],
  providers: [UploadsService, ImageImportService, VideoPosterService, UploadsRouter],
  exports: [UploadsService, UploadsRouter],
})
export class UploadsModule {}
