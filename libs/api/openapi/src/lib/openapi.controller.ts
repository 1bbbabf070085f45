import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { API_DOCS_CONTENT_SECURITY_POLICY, API_DOCS_FILES, API_DOCS_HTML } from './api-docs';
import { OpenApiService } from './openapi.service';

const DOCS_FILES_CACHE_CONTROL = 'public, max-age=3600';

/** The API described (`/api/openapi.json`) and browsable (`/api/docs`): public, no secrets in either. */
@Controller()
export class OpenApiController {
  private readonly files = new Map<string, Buffer | string>();

  constructor(private readonly openApi: OpenApiService) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  document(@Res() res: Response) {
    res.type('application/json').send(this.openApi.json());
  }

  @Get('docs')
  @Header('Cache-Control', 'no-cache')
  docs(@Res() res: Response) {
    res.setHeader('Content-Security-Policy', API_DOCS_CONTENT_SECURITY_POLICY);
    res.type('html').send(API_DOCS_HTML);
  }

  @Get('docs/:file')
  @Header('Cache-Control', DOCS_FILES_CACHE_CONTROL)
  docsFile(@Param('file') name: string, @Res() res: Response) {
    const file = Object.hasOwn(API_DOCS_FILES, name) ? API_DOCS_FILES[name] : undefined;
    if (!file) throw new NotFoundException(`No such file: ${name}`);
    let content = this.files.get(name);
    if (content === undefined) this.files.set(name, (content = file.read()));
    res.type(file.type).send(content);
  }
}
