import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity } from '@blog/api/data';
import { ProjectsModule } from '@blog/api/projects';
import { ServicesModule } from '@blog/api/services';
import { ContactController } from './contact.controller';
import { ContactRouter } from './contact.router';
import { ContactService } from './contact.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './contact.openapi';

@Module({
  // An inquiry's project or service is read through their services, as the public reads them.
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), ProjectsModule, ServicesModule],
  controllers: [ContactController],
  providers: [ContactService, ContactRouter],
  exports: [ContactService, ContactRouter],
})
export class ContactModule {}
