import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';

/** An insertion of `text` at `pos` in a file's text. */
export interface Edit {
  pos: number;
  text: string;
}

/** A file's new text. */
export interface FileEdit {
  file: string;
  text: string;
}

export function fail(file: string, problem: string): never {
  throw new Error(
    `Cannot register the domain in ${file}: ${problem}. ` +
      `The domain generator edits that file by its shape (see how libs/api/about and libs/api/categories are registered); ` +
      `restore the shape or register the domain by hand.`,
  );
}

export function parse(tree: Tree, file: string): ts.SourceFile {
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

/**
 * The edits of one file, checked and written together. Callers make every edit of every file first
 * and `write` them last, so that a file of the wrong shape stops the generator before it writes anything.
 */
export function applyEdits(file: string, source: ts.SourceFile, edits: Edit[]): FileEdit {
  let text = source.getFullText();
  // From the end, so that earlier positions stay valid.
  for (const edit of [...edits].sort((a, b) => b.pos - a.pos)) {
    text = text.slice(0, edit.pos) + edit.text + text.slice(edit.pos);
  }
  assertParses(file, text, 'after the edit (a bug in the generator)');
  return { file, text };
}

function indentOf(source: ts.SourceFile, node: ts.Node): string {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lineText = source.getFullText().slice(source.getPositionOfLineAndCharacter(line, 0));
  return /^[ \t]*/.exec(lineText)?.[0] ?? '';
}

function isMultiline(source: ts.SourceFile, list: ts.NodeArray<ts.Node>): boolean {
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const last = list[list.length - 1];
  return list.length > 1
    ? lineOf(list[0].getStart(source)) !== lineOf(last.getStart(source))
    : lineOf(list.pos) !== lineOf(last.getStart(source));
}

/**
 * Adds an item to a comma-separated list (parameters, properties, array elements), keeping the list's
 * style: one item per line with the items' indentation (and a trailing comma, if any), or inline.
 * At the end, or with `sortKey`, before the first item whose key sorts after the new one.
 */
export function addToList(
  source: ts.SourceFile,
  list: ts.NodeArray<ts.Node>,
  item: string,
  file: string,
  what: string,
  sortKey?: (node: ts.Node) => string,
): Edit {
  const last = list[list.length - 1];
  if (!last) fail(file, `${what} is empty, so there is no entry to align the new one with`);
  const multiline = isMultiline(source, list);
  const next = sortKey && list.find((node) => sortKey(node) > item);
  if (next)
    return { pos: next.getStart(source), text: multiline ? `${item},\n${indentOf(source, next)}` : `${item}, ` };
  // Right after the last item, so an existing trailing comma ends up after the new item.
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

export const moduleSpecifierOf = (statement: ts.ImportDeclaration | ts.ExportDeclaration) =>
  statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';

/**
 * `import { X } from '<importPath>';` among the imports that `isSibling` picks, in alphabetical order of
 * their paths (after the last import when there is none), or after the last of them with `last`.
 */
export function addImport(
  source: ts.SourceFile,
  file: string,
  identifier: string,
  importPath: string,
  isSibling: (path: string) => boolean,
  place: 'sorted' | 'last' = 'sorted',
): Edit {
  const imports = source.statements.filter(ts.isImportDeclaration);
  if (!imports.length) fail(file, 'it has no import declarations to add the domain import beside');
  if (imports.some((i) => moduleSpecifierOf(i) === importPath)) fail(file, `it already imports '${importPath}'`);
  if (importedNames(source).has(identifier)) fail(file, `it already imports a \`${identifier}\``);

  const statement = `import { ${identifier} } from '${importPath}';`;
  const siblings = imports.filter((i) => isSibling(moduleSpecifierOf(i)));
  const next = place === 'sorted' ? siblings.find((i) => moduleSpecifierOf(i) > importPath) : undefined;
  if (next) return { pos: next.getStart(source), text: `${statement}\n` };
  const after = siblings[siblings.length - 1] ?? imports[imports.length - 1];
  return { pos: after.getEnd(), text: `\n${statement}` };
}

export function findClass(source: ts.SourceFile, file: string, name: string): ts.ClassDeclaration {
  const found = source.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === name,
  );
  return found ?? fail(file, `it has no class \`${name}\``);
}

/** `export const <name> = [ ... ];` */
export function findExportedArray(source: ts.SourceFile, file: string, name: string): ts.ArrayLiteralExpression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
        const initializer = declaration.initializer;
        if (initializer && ts.isArrayLiteralExpression(initializer)) return initializer;
        fail(file, `\`${name}\` is not an array literal`);
      }
    }
  }
  return fail(file, `it has no \`export const ${name} = [ ... ]\``);
}

export function propertyNameText(name: ts.PropertyName | undefined): string | undefined {
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}
