import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';
import {
  addImport,
  addToList,
  applyEdits,
  fail,
  findExportedArray,
  moduleSpecifierOf,
  parse,
  type FileEdit,
} from './ast-edits';

export const ENTITIES_DIR = 'libs/api/data/src/lib/entities';
export const MIGRATIONS_DIR = 'libs/api/data/src/lib/migrations';
export const CONTRACTS_DIR = 'libs/shared/contracts/src/lib';
export const ENTITIES_FILE = `${ENTITIES_DIR}/index.ts`;
export const MIGRATIONS_FILE = `${MIGRATIONS_DIR}/index.ts`;
export const CONTRACTS_FILE = 'libs/shared/contracts/src/index.ts';

export interface DataNames {
  /** kebab-case: `site-info`, also the file names */
  name: string;
  /** `SiteInfoEntity` */
  entityName: string;
  /** `SiteInfo1795000000000` */
  migrationName: string;
  /** `1795000000000-site-info` */
  migrationFile: string;
}

const isLocal = (path: string) => path.startsWith('./');

/**
 * entities/index.ts: the import, the name in `export { ... }` (both in alphabetical order) and the
 * entity at the end of `entities`, the list the data source registers.
 */
export function registerEntity(tree: Tree, domain: DataNames): FileEdit {
  const file = ENTITIES_FILE;
  const source = parse(tree, file);
  const exportList = source.statements.find(
    (s): s is ts.ExportDeclaration =>
      ts.isExportDeclaration(s) && !s.moduleSpecifier && !!s.exportClause && ts.isNamedExports(s.exportClause),
  );
  const exported = exportList?.exportClause;
  if (!exported || !ts.isNamedExports(exported)) fail(file, 'it has no `export { ... }` of the entity classes');
  if (exported.elements.some((e) => e.name.text === domain.entityName))
    fail(file, `it already exports \`${domain.entityName}\``);
  return applyEdits(file, source, [
    addImport(source, file, domain.entityName, `./${domain.name}.entity`, isLocal),
    addToList(
      source,
      exported.elements,
      domain.entityName,
      file,
      'its `export { ... }`',
      (e) => (e as ts.ExportSpecifier).name.text,
    ),
    addToList(source, findExportedArray(source, file, 'entities').elements, domain.entityName, file, '`entities`'),
  ]);
}

/** migrations/index.ts: the import after the others and the migration at the end of `migrations` (they run in that order). */
export function registerMigration(tree: Tree, domain: DataNames): FileEdit {
  const file = MIGRATIONS_FILE;
  const source = parse(tree, file);
  return applyEdits(file, source, [
    addImport(source, file, domain.migrationName, `./${domain.migrationFile}`, isLocal, 'last'),
    addToList(
      source,
      findExportedArray(source, file, 'migrations').elements,
      domain.migrationName,
      file,
      '`migrations`',
    ),
  ]);
}

/** The contracts' index: `export * from './lib/<name>.schema';` after its other exports. */
export function registerContract(tree: Tree, domain: DataNames): FileEdit {
  const file = CONTRACTS_FILE;
  const source = parse(tree, file);
  const path = `./lib/${domain.name}.schema`;
  const reExports = source.statements.filter(ts.isExportDeclaration);
  if (!reExports.length) fail(file, 'it has no `export * from ...` to add the schema beside');
  if (reExports.some((e) => moduleSpecifierOf(e) === path)) fail(file, `it already exports '${path}'`);
  return applyEdits(file, source, [
    { pos: reExports[reExports.length - 1].getEnd(), text: `\nexport * from '${path}';` },
  ]);
}

/** The timestamp of the newest migration file, or 0. */
export function newestMigrationTimestamp(tree: Tree): number {
  const timestamps = tree.children(MIGRATIONS_DIR).map((child) => /^(\d+)-.*\.ts$/.exec(child)?.[1]);
  return Math.max(0, ...timestamps.filter((t): t is string => t !== undefined).map(Number));
}

/** Every file under `dir` (recursively). */
function filesUnder(tree: Tree, dir: string): string[] {
  return tree.children(dir).flatMap((child) => {
    const path = `${dir}/${child}`;
    return tree.isFile(path) ? [path] : filesUnder(tree, path);
  });
}

const tsTexts = (tree: Tree, dir: string) =>
  filesUnder(tree, dir)
    .filter((path) => path.endsWith('.ts'))
    .map((path) => ({ path, text: tree.read(path, 'utf-8') ?? '' }));

/** Where a table of this name is made already (an entity or a migration), or undefined. */
export function tableOwner(tree: Tree, table: string): string | undefined {
  // TypeORM's own bookkeeping tables.
  if (['migrations', 'typeorm_metadata'].includes(table)) return 'TypeORM';
  const entity = new RegExp(`@Entity\\(\\s*\\{[^}]*name:\\s*['"]${table}['"]`);
  const created = new RegExp(`CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?"?${table}"?[\\s(]`, 'i');
  const owner =
    tsTexts(tree, ENTITIES_DIR).find(({ text }) => entity.test(text)) ??
    tsTexts(tree, MIGRATIONS_DIR).find(({ text }) => created.test(text));
  return owner?.path;
}

/** The contract files that export any of `names` already: `[file, name]`. */
export function contractClashes(tree: Tree, names: string[]): Array<[string, string]> {
  const declared =
    /^export\s+(?:declare\s+)?(?:const|let|var|function|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  return tsTexts(tree, 'libs/shared/contracts/src').flatMap(({ path, text }) =>
    [...text.matchAll(declared)]
      .map((m) => m[1])
      .filter((name) => names.includes(name))
      .map((name): [string, string] => [path, name]),
  );
}
