export * from './lib/contact.module';
export * from './lib/contact.service';
export * from './lib/contact.router';
export * from './lib/contact-form.route';
export * from './lib/contact.openapi';
