import type { INestApplication } from '@nestjs/common';
import { HttpExceptionFilter } from './http-exception.filter';

/** The REST settings shared by the server and the API tests. */
export function configureHttpApp(app: INestApplication): void {
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter());
}
