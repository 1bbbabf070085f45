import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '@blog/api/core';
import { MAIL_TRANSPORT, MailService, mailTransportFor } from './mail.service';

/** `MailService`, injectable everywhere, over the transport the configuration names (tests replace `MAIL_TRANSPORT`). */
@Global()
@Module({})
export class MailModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: MAIL_TRANSPORT, useFactory: () => mailTransportFor(config) }, MailService],
      exports: [MAIL_TRANSPORT, MailService],
    };
  }
}
