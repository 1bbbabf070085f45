import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { idSchema, userCreateInputSchema, userUpdateInputSchema } from '@blog/contracts';
import { AdminGuard, requireAdmin } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { UsersService, type Actor, type UserCreateFields, type UserUpdateFields } from './users.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');
const actorOf = (req: Request): Actor => ({ user: requireAdmin(req.user), sessionId: req.sessionID });

/** The back-office Users screen, under `/api/users`: administrators only. */
@Controller('users')
@UseGuards(AdminGuard)
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  list() {
    return this.users.list();
  }

  @Get(':id')
  get(@Param('id', idPipe) id: number) {
    return this.users.get(id);
  }

  /** 200 (the spec's client counts only 200) with the created user. */
  @Post()
  @HttpCode(200)
  create(@Body(new ZodValidationPipe(userCreateInputSchema)) body: UserCreateFields) {
    return this.users.create(body);
  }

  @Put(':id')
  update(
    @Req() req: Request,
    @Param('id', idPipe) id: number,
    @Body(new ZodValidationPipe(userUpdateInputSchema)) body: UserUpdateFields,
  ) {
    return this.users.update(actorOf(req), id, body);
  }

  @Delete(':id')
  remove(@Req() req: Request, @Param('id', idPipe) id: number) {
    return this.users.remove(actorOf(req), id);
  }
}
