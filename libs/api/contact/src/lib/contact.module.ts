import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity, ProjectEntity, ServiceEntity } from '@blog/api/data';
import { ContactController } from './contact.controller';
import { ContactRouter } from './contact.router';
import { ContactService } from './contact.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './contact.openapi';

@Module({
  // An inquiry's project or service is read as the public reads it (its title).
  imports: [TypeOrmModule.forFeature([ContactMessageEntity, ProjectEntity, ServiceEntity])],
  controllers: [ContactController],
  providers: [ContactService, ContactRouter],
  exports: [ContactService, ContactRouter],
})
export class ContactModule {}
