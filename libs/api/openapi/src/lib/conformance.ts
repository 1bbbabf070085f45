import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { OpenApiDocument, OpenApiOperation } from './openapi-document';

/** An answer as a test received it. */
export interface ReceivedAnswer {
  method: string;
  /** The route as Express matched it (`/api/categories/:id`). */
  route: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body's text (undefined when not kept: too large, or a stream). */
  text?: string;
}

/** Headers a route must declare when it sends them: the conventions outside callers rely on. */
const CONVENTION_HEADERS = ['etag', 'link', 'retry-after', 'location'];

/**
 * Checks answers against the document: the status is listed for the route, the content type is one it
 * declares, a JSON body matches its schema (JSON Schema 2020-12) and the conventional headers it sends
 * are declared (and the required ones sent).
 */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly validators = new Map<object, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    // `#/components/schemas/X` read from a schema of its own, so that every body schema can refer to it.
    this.ajv.addSchema({ $id: 'components', $defs: this.rewrite(document.components.schemas) as object });
  }

  operationOf(method: string, route: string): OpenApiOperation | undefined {
    return this.document.paths[route.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  }

  /** What is wrong with the answer, or nothing; undefined when the route is none of the document's. */
  problemsOf(answer: ReceivedAnswer): string[] | undefined {
    const operation = this.operationOf(answer.method, answer.route);
    if (!operation) return undefined;
    const response = operation.responses[String(answer.status)];
    if (!response) return [`status ${answer.status} is not listed (${Object.keys(operation.responses).join(', ')})`];
    const problems: string[] = [];
    const header = (name: string) => {
      const value = Object.entries(answer.headers).find(([key]) => key.toLowerCase() === name)?.[1];
      return value === undefined ? undefined : String(value);
    };
    const declared = new Map(
      Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    for (const name of CONVENTION_HEADERS) {
      const value = header(name);
      // Express tags every body it sends with a weak ETag of its own: only the app's (strong) ones are a convention.
      if (value === undefined || (name === 'etag' && value.startsWith('W/'))) continue;
      if (!declared.has(name)) problems.push(`header ${name} is sent but not declared`);
    }
    for (const [name, value] of declared) {
      if (value.required && header(name) === undefined) problems.push(`required header ${name} is missing`);
    }
    const text = answer.text;
    if (!text || answer.status === 204 || answer.status === 304) return problems;
    const type = (header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const content = response.content;
    if (!content) return [...problems, `a body (${type || 'no content type'}) where the document declares none`];
    const media = content[type];
    if (!media) return [...problems, `content type ${type} is not declared (${Object.keys(content).join(', ')})`];
    if (media.schema && (type === 'application/json' || type.endsWith('+json'))) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return [...problems, 'the body is not JSON'];
      }
      const validate = this.validatorOf(media.schema);
      if (!validate(body)) {
        problems.push(
          `the body does not match its schema: ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}`,
        );
      }
    }
    return problems;
  }

  private validatorOf(schema: object): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.rewrite(schema) as object);
      this.validators.set(schema, validate);
    }
    return validate;
  }

  private rewrite(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')
            ? [key, `components#/$defs/${inner.slice('#/components/schemas/'.length)}`]
            : [key, this.rewrite(inner)],
        ),
      );
    }
    return value;
  }
}
