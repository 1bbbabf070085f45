export * from './lib/testimonials.module';
export * from './lib/testimonials.service';
export * from './lib/testimonials.router';
