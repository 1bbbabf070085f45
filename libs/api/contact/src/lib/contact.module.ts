import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity } from '@blog/api/data';
import { ContactController } from './contact.controller';
import { ContactRouter } from './contact.router';
import { ContactService } from './contact.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './contact.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity])],
  controllers: [ContactController],
  providers: [ContactService, ContactRouter],
  exports: [ContactService, ContactRouter],
})
export class ContactModule {}
