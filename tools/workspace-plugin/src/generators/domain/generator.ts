import { join } from 'node:path';
import {
  addProjectConfiguration,
  formatFiles,
  generateFiles,
  getProjects,
  names,
  readJson,
  updateJson,
  type Tree,
} from '@nx/devkit';
import {
  CONTRACTS_DIR,
  contractClashes,
  ENTITIES_DIR,
  MIGRATIONS_DIR,
  newestMigrationTimestamp,
  registerContract,
  registerEntity,
  registerMigration,
  tableOwner,
  type DataNames,
} from './data-registration';
import type { DomainGeneratorSchema } from './schema';
import { registerModule, registerRouter, type DomainNames } from './trpc-registration';

const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/**
 * Words a constructor parameter (strict mode) cannot be named, the keys tRPC refuses in a router,
 * and `constructor`, which no class member may be called.
 */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await arguments eval ' +
    'then call apply constructor'
  ).split(' '),
);
/** What the generated service imports beside the record's type, which is named `<ClassName>`. */
const SERVICE_IMPORTS = new Set(['Injectable', 'InjectRepository', 'Repository', 'DomainError']);
const ROOT_TSCONFIG = 'tsconfig.base.json';

export interface NormalizedDomain extends DomainNames, DataNames {
  fileName: string;
  projectName: string;
  projectRoot: string;
  /** `SITE_INFO`, the prefix of its constants */
  constantName: string;
  /** `site_info` */
  tableName: string;
  /** `Site info`, what its messages call a record ("Site info not found") */
  label: string;
  /** The migration's timestamp: now, or just after the newest migration if that is later. */
  timestamp: number;
  /** The longest name (`<CONSTANT>_NAME_MAX_LENGTH` in the contracts, the column's length). */
  nameMaxLength: number;
}

const NAME_MAX_LENGTH = 200;

/** Validates the name (with a message saying what to pass instead) and derives every other name from it. */
export function normalizeOptions(tree: Tree, options: DomainGeneratorSchema): NormalizedDomain {
  const name = options.name;
  if (typeof name !== 'string' || !KEBAB_CASE.test(name)) {
    throw new Error(
      `Invalid domain name ${JSON.stringify(name)}: use kebab-case, lower-case letters and digits in words ` +
        `joined by single hyphens, starting with a letter (e.g. "newsletter" or "site-info").`,
    );
  }
  const { className, propertyName, fileName, constantName } = names(name);
  if (RESERVED.has(propertyName)) {
    throw new Error(
      `Invalid domain name "${name}": "${propertyName}" would be its constructor parameter and tRPC router key, ` +
        `and it is a reserved word there. Choose another name.`,
    );
  }
  if (SERVICE_IMPORTS.has(className)) {
    throw new Error(
      `Invalid domain name "${name}": its record type "${className}" would clash with the service's import of that name. Choose another name.`,
    );
  }

  const projectName = `api-${name}`;
  const projectRoot = `libs/api/${name}`;
  const importPath = `@blog/api/${name}`;
  const existing = [...getProjects(tree)].find(
    ([other, project]) => other === projectName || project.root === projectRoot,
  );
  if (existing) {
    throw new Error(
      `The domain "${name}" exists already: project "${existing[0]}" at ${existing[1].root}. Choose another name.`,
    );
  }
  if (tree.exists(projectRoot)) {
    throw new Error(`The domain "${name}" cannot be created: ${projectRoot} exists already. Choose another name.`);
  }
  if (!tree.exists(ROOT_TSCONFIG))
    throw new Error(`Cannot add the path alias ${importPath}: ${ROOT_TSCONFIG} does not exist.`);
  const paths: Record<string, unknown> = readJson(tree, ROOT_TSCONFIG).compilerOptions?.paths ?? {};
  if (paths[importPath]) {
    throw new Error(`The path alias ${importPath} exists already in ${ROOT_TSCONFIG}. Choose another name.`);
  }

  const tableName = name.replace(/-/g, '_');
  const owner = tableOwner(tree, tableName);
  if (owner) {
    throw new Error(
      `The domain "${name}" cannot be created: its table "${tableName}" exists already (${owner}). Choose another name.`,
    );
  }
  const entityName = `${className}Entity`;
  if (tree.exists(`${ENTITIES_DIR}/${name}.entity.ts`)) {
    throw new Error(
      `The domain "${name}" cannot be created: ${ENTITIES_DIR}/${name}.entity.ts exists already. Choose another name.`,
    );
  }
  const clashes = contractClashes(tree, [
    `${propertyName}Schema`,
    `${propertyName}InputSchema`,
    `${propertyName}UpdateInputSchema`,
    className,
    `${className}Fields`,
    `${constantName}_NAME_MAX_LENGTH`,
  ]);
  if (tree.exists(`${CONTRACTS_DIR}/${name}.schema.ts`) || clashes.length) {
    const what = clashes.length
      ? clashes.map(([file, exported]) => `\`${exported}\` in ${file}`).join(', ')
      : `${CONTRACTS_DIR}/${name}.schema.ts`;
    throw new Error(`The domain "${name}" cannot be created: the contracts have ${what} already. Choose another name.`);
  }

  const timestamp = Math.max(Date.now(), newestMigrationTimestamp(tree) + 1);
  return {
    name,
    className,
    propertyName,
    fileName,
    constantName,
    projectName,
    projectRoot,
    importPath,
    tableName,
    entityName,
    label: name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' '),
    timestamp,
    migrationName: `${className}${timestamp}`,
    migrationFile: `${timestamp}-${name}`,
    nameMaxLength: NAME_MAX_LENGTH,
  };
}

/**
 * `nx g @blog/workspace-plugin:domain <name>`: a new API domain in the workspace's conventions: its
 * entity and migration in libs/api/data, its zod schemas in the contracts, and libs/api/<name> (module,
 * service over the repository, REST controller and tRPC router with public reads and admin writes, a
 * spec over both doors on PostgreSQL); its path alias `@blog/api/<name>`, and its registration where
 * the workspace lists entities, migrations, contracts, domain modules and routers.
 */
export async function domainGenerator(tree: Tree, options: DomainGeneratorSchema): Promise<void> {
  const domain = normalizeOptions(tree, options);

  // The edits that can fail on an unexpected file shape are all made before anything is written: a
  // throw leaves the tree, so the disk, untouched.
  const edits = [
    registerRouter(tree, domain),
    registerModule(tree, domain),
    registerEntity(tree, domain),
    registerMigration(tree, domain),
    registerContract(tree, domain),
  ];
  for (const { file, text } of edits) tree.write(file, text);

  addProjectConfiguration(tree, domain.projectName, {
    root: domain.projectRoot,
    sourceRoot: `${domain.projectRoot}/src`,
    projectType: 'library',
    tags: ['scope:api', 'type:feature'],
    targets: {
      typecheck: {
        command: 'tsc --noEmit -p tsconfig.lib.json && tsc --noEmit -p tsconfig.spec.json',
        options: { cwd: '{projectRoot}' },
      },
    },
  });
  const substitutions = { ...domain, template: '' };
  generateFiles(tree, join(__dirname, 'files', 'domain'), domain.projectRoot, substitutions);
  generateFiles(tree, join(__dirname, 'files', 'entity'), ENTITIES_DIR, substitutions);
  generateFiles(tree, join(__dirname, 'files', 'migration'), MIGRATIONS_DIR, substitutions);
  generateFiles(tree, join(__dirname, 'files', 'contract'), CONTRACTS_DIR, substitutions);

  updateJson(tree, ROOT_TSCONFIG, (json) => {
    json.compilerOptions ??= {};
    json.compilerOptions.paths ??= {};
    json.compilerOptions.paths[domain.importPath] = [`./${domain.projectRoot}/src/index.ts`];
    return json;
  });

  await formatFiles(tree);
}

export default domainGenerator;
