/**
 * `npm run openapi`: writes the OpenAPI document of the whole server to `libs/shared/api-client/openapi.json`
 * and the client's types generated from it (openapi-typescript) to `libs/shared/api-client/src/lib/schema.d.ts`.
 * The app's module graph is read in Nest's preview mode: nothing is instantiated, no database is needed.
 * `apps/api/src/app/openapi.spec.ts` fails when the committed files differ from what the server describes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { workspaceRoot } from '@nx/devkit';
import { loadConfig } from '@blog/api/core';
import { buildOpenApiDocument, discoverRoutes } from '@blog/api/openapi';
import { AppModule } from '../../apps/api/src/app/app.module';

export const API_CLIENT_DIR = join(workspaceRoot, 'libs/shared/api-client');
export const DOCUMENT_FILE = join(API_CLIENT_DIR, 'openapi.json');
export const SCHEMA_FILE = join(API_CLIENT_DIR, 'src/lib/schema.d.ts');

async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000' });
  const app = await NestFactory.create(AppModule.forRoot(config, 'postgres://preview/none'), {
    preview: true,
    logger: false,
  });
  const document = buildOpenApiDocument(discoverRoutes(app.get(ModulesContainer)));
  writeFileSync(DOCUMENT_FILE, `${JSON.stringify(document, null, 2)}\n`);
  const bin = (name: string) => join(workspaceRoot, 'node_modules/.bin', name);
  execFileSync(bin('openapi-typescript'), [DOCUMENT_FILE, '-o', SCHEMA_FILE], { stdio: 'inherit' });
  execFileSync(bin('prettier'), ['--write', DOCUMENT_FILE, SCHEMA_FILE], { stdio: 'inherit' });
  console.log(`Wrote ${DOCUMENT_FILE} (${Object.keys(document.paths).length} paths) and ${SCHEMA_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
