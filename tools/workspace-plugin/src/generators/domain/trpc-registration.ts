import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';

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

interface Edit {
  pos: number;
  text: string;
}

function fail(file: string, problem: string): never {
  throw new Error(
    `Cannot register the domain in ${file}: ${problem}. ` +
      `The domain generator edits that file by its shape (see libs/api/about for a registered domain); ` +
      `restore the shape or register the domain by hand.`,
  );
}

function parse(tree: Tree, file: string): ts.SourceFile {
  const text = tree.read(file, 'utf-8');
  if (text === null) fail(file, 'the file does not exist');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  assertParses(file, text, 'before the edit');
  return source;
}

/** Syntax errors only: the tree holds no other file a type check would need. */
function assertParses(file: string, text: string, when: string): void {
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: { experimentalDecorators: true, target: ts.ScriptTarget.ES2022 },
  });
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) {
    fail(file, `it has syntax errors ${when}: ${ts.flattenDiagnosticMessageText(errors[0].messageText, ' ')}`);
  }
}

function applyEdits(tree: Tree, file: string, source: ts.SourceFile, edits: Edit[]): void {
  let text = source.getFullText();
  // From the end, so that earlier positions stay valid.
  for (const edit of [...edits].sort((a, b) => b.pos - a.pos)) {
    text = text.slice(0, edit.pos) + edit.text + text.slice(edit.pos);
  }
  assertParses(file, text, 'after the edit (a bug in the generator)');
  tree.write(file, text);
}

function indentOf(source: ts.SourceFile, node: ts.Node): string {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lineText = source.getFullText().slice(source.getPositionOfLineAndCharacter(line, 0));
  return /^[ \t]*/.exec(lineText)?.[0] ?? '';
}

/**
 * Appends an item to a comma-separated list (parameters, properties, array elements), keeping the list's
 * style: one item per line with the last item's indentation (and its trailing comma, if any), or inline.
 */
function appendToList(source: ts.SourceFile, list: ts.NodeArray<ts.Node>, item: string, file: string, what: string): Edit {
  const last = list[list.length - 1];
  if (!last) fail(file, `${what} is empty, so there is no entry to align the new one with`);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const multiline = list.length > 1 ? lineOf(list[0].getStart(source)) !== lineOf(last.getStart(source)) : lineOf(list.pos) !== lineOf(last.getStart(source));
  // Inserted right after the last item, so an existing trailing comma ends up after the new item.
  return { pos: last.getEnd(), text: multiline ? `,\n${indentOf(source, last)}${item}` : `, ${item}` };
}

function importedNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause?.name) names.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((e) => names.add(e.name.text));
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

/** `import { X } from '@blog/api/x';`, placed among the other domain imports in alphabetical order. */
function addImport(source: ts.SourceFile, file: string, identifier: string, importPath: string): Edit {
  const imports = source.statements.filter(ts.isImportDeclaration);
  if (!imports.length) fail(file, 'it has no import declarations to add the domain import beside');
  const specifier = (i: ts.ImportDeclaration) => (i.moduleSpecifier as ts.StringLiteral).text;
  if (imports.some((i) => specifier(i) === importPath)) fail(file, `it already imports '${importPath}'`);
  if (importedNames(source).has(identifier)) fail(file, `it already imports a \`${identifier}\``);

  const statement = `import { ${identifier} } from '${importPath}';`;
  const domains = imports.filter((i) => specifier(i).startsWith('@blog/api/') && specifier(i) !== '@blog/api/core');
  const next = domains.find((i) => specifier(i) > importPath);
  if (next) return { pos: next.getStart(source), text: `${statement}\n` };
  const after = domains[domains.length - 1] ?? imports[imports.length - 1];
  return { pos: after.getEnd(), text: `\n${statement}` };
}

function findClass(source: ts.SourceFile, file: string, name: string): ts.ClassDeclaration {
  const found = source.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === name);
  return found ?? fail(file, `it has no class \`${name}\``);
}

function propertyNameText(name: ts.PropertyName | undefined): string | undefined {
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/**
 * app-router.ts: the import, `private readonly <prop>: <Class>Router` in `AppRouterFactory`'s constructor
 * and `<prop>: this.<prop>.router` in the `router({...})` that `create()` returns.
 */
export function registerRouter(tree: Tree, domain: DomainNames): void {
  const file = APP_ROUTER_FILE;
  const source = parse(tree, file);
  const identifier = `${domain.className}Router`;
  const factory = findClass(source, file, 'AppRouterFactory');

  const constructor = factory.members.find(ts.isConstructorDeclaration) ?? fail(file, '`AppRouterFactory` has no constructor');
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

  applyEdits(tree, file, source, [
    addImport(source, file, identifier, domain.importPath),
    appendToList(source, constructor.parameters, `private readonly ${domain.propertyName}: ${identifier}`, file, "`AppRouterFactory`'s constructor"),
    appendToList(source, routes.properties, `${domain.propertyName}: this.${domain.propertyName}.router`, file, 'the `router({ ... })` in `create()`'),
  ]);
}

/** trpc.module.ts: the import and `<Class>Module` at the end of `@Module({ imports: [...] })` on `TrpcModule`. */
export function registerModule(tree: Tree, domain: DomainNames): void {
  const file = TRPC_MODULE_FILE;
  const source = parse(tree, file);
  const identifier = `${domain.className}Module`;
  const trpcModule = findClass(source, file, 'TrpcModule');

  const metadata = (ts.getDecorators(trpcModule) ?? [])
    .map((d) => d.expression)
    .find((e): e is ts.CallExpression => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'Module');
  const options = metadata?.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) fail(file, '`TrpcModule` has no `@Module({ ... })` decorator');
  const importsProperty = options.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'imports',
  );
  const imports = importsProperty?.initializer;
  if (!imports || !ts.isArrayLiteralExpression(imports)) fail(file, "`TrpcModule`'s `@Module` has no `imports: [ ... ]` array");

  applyEdits(tree, file, source, [
    addImport(source, file, identifier, domain.importPath),
    appendToList(source, imports.elements, identifier, file, "`TrpcModule`'s `imports`"),
  ]);
}
