import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';
import { addImport, addToList, applyEdits, fail, findClass, parse, propertyNameText, type FileEdit } from './ast-edits';

export const APP_ROUTER_FILE = 'libs/api/trpc/src/lib/app-router.ts';
export const TRPC_MODULE_FILE = 'libs/api/trpc/src/lib/trpc.module.ts';

export interface DomainNames {
  /** kebab-case: `site-info` */
  name: string;
  /** `SiteInfo` */
  className: string;
  /** `siteInfo`: the constructor parameter and the app-router key */
  propertyName: string;
  /** `@blog/api/site-info` */
  importPath: string;
}

/** The API libraries that hold no domain (app-router.ts imports `router` from one of them). */
const NOT_DOMAINS = new Set(['@blog/api/core', '@blog/api/http', '@blog/api/mail', '@blog/api/security']);

/** The domain imports, among which a new one goes in alphabetical order. */
const isDomainImport = (path: string) => path.startsWith('@blog/api/') && !NOT_DOMAINS.has(path);

/**
 * The new text of app-router.ts: the import, `private readonly <prop>: <Class>Router` in `AppRouterFactory`'s constructor
 * and `<prop>: this.<prop>.router` in the `router({...})` that `create()` returns.
 */
export function registerRouter(tree: Tree, domain: DomainNames): FileEdit {
  const file = APP_ROUTER_FILE;
  const source = parse(tree, file);
  const identifier = `${domain.className}Router`;
  const factory = findClass(source, file, 'AppRouterFactory');

  const constructor =
    factory.members.find(ts.isConstructorDeclaration) ?? fail(file, '`AppRouterFactory` has no constructor');
  if (constructor.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === domain.propertyName)) {
    fail(file, `\`AppRouterFactory\`'s constructor already has a parameter \`${domain.propertyName}\``);
  }

  const create =
    factory.members.find(
      (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameText(m.name) === 'create',
    ) ?? fail(file, '`AppRouterFactory` has no `create()` method');
  let routes: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (
      !routes &&
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'router' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      routes = node.arguments[0];
    }
    ts.forEachChild(node, visit);
  };
  if (create.body) visit(create.body);
  if (!routes) fail(file, '`AppRouterFactory.create()` does not call `router({ ... })` with an object literal');
  if (routes.properties.some((p) => propertyNameText(p.name) === domain.propertyName)) {
    fail(file, `the app router already has a \`${domain.propertyName}\` entry`);
  }

  return applyEdits(file, source, [
    addImport(source, file, identifier, domain.importPath, isDomainImport),
    addToList(
      source,
      constructor.parameters,
      `private readonly ${domain.propertyName}: ${identifier}`,
      file,
      "`AppRouterFactory`'s constructor",
    ),
    addToList(
      source,
      routes.properties,
      `${domain.propertyName}: this.${domain.propertyName}.router`,
      file,
      'the `router({ ... })` in `create()`',
    ),
  ]);
}

/** The new text of trpc.module.ts: the import and `<Class>Module` at the end of `@Module({ imports: [...] })` on `TrpcModule`. */
export function registerModule(tree: Tree, domain: DomainNames): FileEdit {
  const file = TRPC_MODULE_FILE;
  const source = parse(tree, file);
  const identifier = `${domain.className}Module`;
  const trpcModule = findClass(source, file, 'TrpcModule');

  const metadata = (ts.getDecorators(trpcModule) ?? [])
    .map((d) => d.expression)
    .find(
      (e): e is ts.CallExpression =>
        ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'Module',
    );
  const options = metadata?.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options))
    fail(file, '`TrpcModule` has no `@Module({ ... })` decorator');
  const importsProperty = options.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'imports',
  );
  const imports = importsProperty?.initializer;
  if (!imports || !ts.isArrayLiteralExpression(imports))
    fail(file, "`TrpcModule`'s `@Module` has no `imports: [ ... ]` array");

  return applyEdits(file, source, [
    addImport(source, file, identifier, domain.importPath, isDomainImport),
    addToList(source, imports.elements, identifier, file, "`TrpcModule`'s `imports`"),
  ]);
}
