import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AboutEntity } from '@blog/api/data';
import { AboutController } from './about.controller';
import { AboutRouter } from './about.router';
import { AboutService } from './about.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './about.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([AboutEntity])],
  controllers: [AboutController],
  providers: [AboutService, AboutRouter],
  exports: [AboutService, AboutRouter],
})
export class AboutModule {}
