import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config';
import { AdminGuard, SignedInGuard } from './admin.guard';
import { MAIL_TRANSPORT, MailService, mailTransportFor } from './mail.service';

/** The `AppConfig`, mail and the guards, injectable everywhere. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: MAIL_TRANSPORT, useFactory: () => mailTransportFor(config) },
        MailService,
        AdminGuard,
        SignedInGuard,
      ],
      exports: [APP_CONFIG, MAIL_TRANSPORT, MailService, AdminGuard, SignedInGuard],
    };
  }
}
