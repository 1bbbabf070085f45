import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where swagger-ui-dist's files are (its own helper, which loads none of the bundle into Node). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const swaggerUiDir = (require('swagger-ui-dist/absolute-path.js') as () => string)();

/**
 * The files `/api/docs` serves, all from our origin: the renderer's script and style, and our own start-up
 * script (no inline script, so the page's policy allows scripts from 'self' only).
 */
export const API_DOCS_FILES: Record<string, { type: string; read: () => Buffer | string }> = {
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => readFileSync(join(swaggerUiDir, 'swagger-ui-bundle.js')),
  },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: () => readFileSync(join(swaggerUiDir, 'swagger-ui.css')) },
  'favicon-32x32.png': { type: 'image/png', read: () => readFileSync(join(swaggerUiDir, 'favicon-32x32.png')) },
  // `validatorUrl: null`: Swagger UI would otherwise send the document to validator.swagger.io.
  // `docExpansion: 'none'`: the tags listed closed, each opened on a click. Swagger UI 5 stops rendering
  // the operations, without an error, past about a hundred and thirty of them open at once.
  'start.js': {
    type: 'text/javascript; charset=utf-8',
    read: () =>
      `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true, tryItOutEnabled: false, docExpansion: 'none' });\n`,
  },
};

export const API_DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>API · Phuong's Blog</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/**
 * The docs page's policy: everything from our own origin only (the document, the renderer, its images as
 * data URLs); no inline script; inline style attributes as the renderer sets them.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
