import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '@blog/api/data';
import { UsersController } from './users.controller';
import { UsersRouter } from './users.router';
import { UsersService } from './users.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './users.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UsersController],
  providers: [UsersService, UsersRouter],
  exports: [UsersService, UsersRouter],
})
export class UsersModule {}
