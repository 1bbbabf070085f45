import { Module } from '@nestjs/common';
import { UploadStorageModule } from '@blog/api/upload-storage';
import { ImageImportService } from './image-import.service';
import { UploadsController } from './uploads.controller';
import { UploadsRouter } from './uploads.router';
import { UploadsService } from './uploads.service';

@Module({
  imports: [UploadStorageModule],
  controllers: [UploadsController],
  providers: [UploadsService, ImageImportService, UploadsRouter],
  exports: [UploadsService, UploadsRouter],
})
export class UploadsModule {}
