// Validates an OpenAPI document (a file, or stdin) with @seriousme/openapi-schema-validator (3.0 and 3.1);
// exits 1 with the errors as JSON. An ES module, so run as its own process (Jest runs CommonJS).
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const text = readFileSync(process.argv[2] ?? 0, 'utf8');
const result = await new Validator().validate(JSON.parse(text));
if (!result.valid) {
  process.stdout.write(JSON.stringify(result.errors, null, 2));
  process.exit(1);
}
