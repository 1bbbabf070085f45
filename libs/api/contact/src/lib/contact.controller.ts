import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { contactMessageInputSchema, type ContactMessage } from '@blog/contracts';
import { ZodValidationPipe } from '@blog/api/core';
import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** The spec's client counts only status 200 as success. */
  @Post('contact')
  @HttpCode(200)
  async send(@Body(new ZodValidationPipe(contactMessageInputSchema)) message: ContactMessage) {
    await this.contact.send(message);
    return { status: 200 };
  }
}
