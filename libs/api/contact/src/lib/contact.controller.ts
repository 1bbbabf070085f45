import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  contactMessageInputSchema,
  idSchema,
  messageReadBodySchema,
  messagesQuerySchema,
  type ContactMessage,
  type MessagesQuery,
} from '@blog/contracts';
import { AdminGuard, TokenScope } from '@blog/api/security';
import { ZodValidationPipe } from '@blog/api/http';
import { ContactService, senderOf } from './contact.service';

const idPipe = new ZodValidationPipe(idSchema, 'id');

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** The spec's client counts only status 200 as success. */
  @Post('contact')
  @HttpCode(200)
  async send(@Req() req: Request, @Body(new ZodValidationPipe(contactMessageInputSchema)) message: ContactMessage) {
    await this.contact.send(message, senderOf(req));
    return { status: 200 };
  }

  /** The owner's inbox, newest first, filtered by topic and source page (`messagesQuerySchema`): administrators only. */
  @TokenScope('messages:read')
  @Get('messages')
  @UseGuards(AdminGuard)
  list(@Query(new ZodValidationPipe(messagesQuerySchema)) query: MessagesQuery) {
    return this.contact.list(query);
  }

  /** Body `{read: boolean}`, optional: without it the message is marked read. */
  @Put('messages/:id/read')
  @UseGuards(AdminGuard)
  markRead(@Param('id', idPipe) id: number, @Body(new ZodValidationPipe(messageReadBodySchema)) read: boolean) {
    return this.contact.markRead(id, read);
  }

  @Delete('messages/:id')
  @UseGuards(AdminGuard)
  remove(@Param('id', idPipe) id: number) {
    return this.contact.remove(id);
  }
}
