export * from './lib/mail.service';
export * from './lib/mail.module';
