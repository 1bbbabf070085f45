import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordResetTokenEntity, TwoFactorEntity, UserEntity } from '@blog/api/data';
import { AuthController } from './auth.controller';
import { AuthRouter } from './auth.router';
import { AuthService } from './auth.service';
import { LoginLimiter } from './login-limiter';
import { SessionLogin } from './session-login';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './auth.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, PasswordResetTokenEntity, TwoFactorEntity])],
  controllers: [AuthController],
  providers: [AuthService, AuthRouter, LoginLimiter, SessionLogin, SessionsService, TwoFactorService],
  exports: [AuthService, AuthRouter],
})
export class AuthModule {}
