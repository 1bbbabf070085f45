import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutosaveEntity } from '@blog/api/data';
import { AutosavesController } from './autosaves.controller';
import { AutosavesRouter } from './autosaves.router';
import { AutosavesService } from './autosaves.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './autosaves.openapi';

/** Autosaves, on both doors, and their purge job (`JobsModule` must be in the app). */
@Module({
  imports: [TypeOrmModule.forFeature([AutosaveEntity])],
  controllers: [AutosavesController],
  providers: [AutosavesService, AutosavesRouter],
  exports: [AutosavesService, AutosavesRouter],
})
export class AutosavesModule {}
