import { join } from 'node:path';
import { addProjectConfiguration, generateFiles, getProjects, names, readJson, updateJson, type Tree } from '@nx/devkit';
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
const ROOT_TSCONFIG = 'tsconfig.base.json';

export interface NormalizedDomain extends DomainNames {
  fileName: string;
  projectName: string;
  projectRoot: string;
}

/** Validates the name (with a message saying what to pass instead) and derives every other name from it. */
export function normalizeOptions(tree: Tree, options: DomainGeneratorSchema): NormalizedDomain {
  const name = options.name;
  if (typeof name !== 'string' || !KEBAB_CASE.test(name)) {
    throw new Error(
      `Invalid domain name ${JSON.stringify(name)}: use kebab-case, lower-case letters and digits in words ` +
        `joined by single hyphens, starting with a letter (e.g. "newsletter" or "site-info").`,
    );
  }
  const { className, propertyName, fileName } = names(name);
  if (RESERVED.has(propertyName)) {
    throw new Error(
      `Invalid domain name "${name}": "${propertyName}" would be its constructor parameter and tRPC router key, ` +
        `and it is a reserved word there. Choose another name.`,
    );
  }

  const projectName = `api-${name}`;
  const projectRoot = `libs/api/${name}`;
  const importPath = `@blog/api/${name}`;
  const existing = [...getProjects(tree)].find(([other, project]) => other === projectName || project.root === projectRoot);
  if (existing) {
    throw new Error(`The domain "${name}" exists already: project "${existing[0]}" at ${existing[1].root}. Choose another name.`);
  }
  if (tree.exists(projectRoot)) {
    throw new Error(`The domain "${name}" cannot be created: ${projectRoot} exists already. Choose another name.`);
  }
  if (!tree.exists(ROOT_TSCONFIG)) throw new Error(`Cannot add the path alias ${importPath}: ${ROOT_TSCONFIG} does not exist.`);
  const paths: Record<string, unknown> = readJson(tree, ROOT_TSCONFIG).compilerOptions?.paths ?? {};
  if (paths[importPath]) {
    throw new Error(`The path alias ${importPath} exists already in ${ROOT_TSCONFIG}. Choose another name.`);
  }

  return { name, className, propertyName, fileName, projectName, projectRoot, importPath };
}

/**
 * `nx g @blog/workspace-plugin:domain <name>`: a new API domain libs/api/<name> in the workspace's
 * conventions (module, service, REST controller, tRPC router, a spec over both doors), its path alias
 * `@blog/api/<name>`, and its registration in libs/api/trpc (module import and app-router entry).
 */
export async function domainGenerator(tree: Tree, options: DomainGeneratorSchema): Promise<void> {
  const domain = normalizeOptions(tree, options);

  // The two edits that can fail on an unexpected file shape come first; a throw leaves the disk untouched.
  registerRouter(tree, domain);
  registerModule(tree, domain);

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
  generateFiles(tree, join(__dirname, 'files'), domain.projectRoot, { ...domain, template: '' });

  updateJson(tree, ROOT_TSCONFIG, (json) => {
    json.compilerOptions ??= {};
    json.compilerOptions.paths ??= {};
    json.compilerOptions.paths[domain.importPath] = [`./${domain.projectRoot}/src/index.ts`];
    return json;
  });
}

export default domainGenerator;
