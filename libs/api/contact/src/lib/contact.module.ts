import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity } from '@blog/api/data';
import { ContactController } from './contact.controller';
import { ContactRouter } from './contact.router';
import { ContactService } from './contact.service';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity])],
  controllers: [ContactController],
  providers: [ContactService, ContactRouter],
  exports: [ContactService, ContactRouter],
})
export class ContactModule {}
