import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config';
import { AdminGuard, SignedInGuard } from './admin.guard';
import { UploadedImageSizes } from './image-dimensions';
import { MAIL_TRANSPORT, MailService, mailTransportFor } from './mail.service';

/** The `AppConfig`, mail, the guards and the sizes of uploaded images, injectable everywhere. */
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
        { provide: UploadedImageSizes, useFactory: () => new UploadedImageSizes(config.uploadDir) },
      ],
      exports: [APP_CONFIG, MAIL_TRANSPORT, MailService, AdminGuard, SignedInGuard, UploadedImageSizes],
    };
  }
}
