import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiTokenEntity } from '@blog/api/data';
import { ApiTokensRouter } from './api-tokens.router';
import { ApiTokensService } from './api-tokens.service';

/** API tokens' management (the authentication itself is every request's: `authenticateApiTokens` in api/security). */
@Module({
  imports: [TypeOrmModule.forFeature([ApiTokenEntity])],
  providers: [ApiTokensService, ApiTokensRouter],
  exports: [ApiTokensService, ApiTokensRouter],
})
export class ApiTokensModule {}
