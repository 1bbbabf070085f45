import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { names, workspaceRoot } from '@nx/devkit';
import { FsTree } from 'nx/src/generators/tree';
import * as prettier from 'prettier';
import * as ts from 'typescript';
import { domainGenerator } from './generator';

/*
 * The generator run on this workspace as it is (in memory: the tree is never written to disk), and
 * its output type-checked against the real libraries, as `nx run api-<name>:typecheck` would. A change
 * in the workspace that the generated code does not follow (a renamed export, a moved helper, a new
 * required argument) fails here rather than in the next domain someone generates.
 */

const NAME = 'gen-sample';
const ROOT = `libs/api/${NAME}`;
/** A whole program over the API libraries: slow on a loaded machine. */
const TYPECHECK_TIMEOUT_MS = 180_000;

interface Generated {
  /** Absolute path → text, for every file the generator created or changed. */
  files: Map<string, string>;
  created: string[];
  updated: string[];
}

async function generate(): Promise<Generated> {
  const tree = new FsTree(workspaceRoot, false);
  await domainGenerator(tree, { name: NAME });
  const changes = tree.listChanges();
  return {
    files: new Map(
      changes
        .filter((c) => c.type !== 'DELETE')
        .map((c) => [join(workspaceRoot, c.path), c.content?.toString('utf-8') ?? '']),
    ),
    created: changes.filter((c) => c.type === 'CREATE').map((c) => c.path),
    updated: changes.filter((c) => c.type === 'UPDATE').map((c) => c.path),
  };
}

/** The workspace's files with the generator's changes over them. */
function overlayHost(files: Map<string, string>) {
  const dirs = new Set([...files.keys()].flatMap((file) => ancestors(dirname(file))));
  return {
    fileExists: (path: string) => files.has(path) || ts.sys.fileExists(path),
    readFile: (path: string) => files.get(path) ?? ts.sys.readFile(path),
    directoryExists: (path: string) => dirs.has(path) || ts.sys.directoryExists(path),
  };
}

function ancestors(dir: string): string[] {
  const parent = dirname(dir);
  return parent === dir ? [dir] : [dir, ...ancestors(parent)];
}

/** The errors `tsc --noEmit -p <tsconfig>` would report for these root files, with the overlay. */
function typeErrors(files: Map<string, string>, tsconfig: string, rootNames: string[]): string[] {
  const overlay = overlayHost(files);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(workspaceRoot, tsconfig),
    {},
    {
      ...ts.sys,
      ...overlay,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`Cannot read ${tsconfig}`);
  const host = ts.createCompilerHost(config.options);
  Object.assign(host, overlay, {
    getSourceFile: (path: string, language: ts.ScriptTarget | ts.CreateSourceFileOptions) => {
      const text = overlay.readFile(path);
      return text === undefined ? undefined : ts.createSourceFile(path, text, language, true);
    },
  });
  const program = ts.createProgram({
    rootNames: rootNames.map((file) => join(workspaceRoot, file)),
    options: { ...config.options, noEmit: true },
    host,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${relative(workspaceRoot, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
      : '';
    return where + ts.flattenDiagnosticMessageText(d.messageText, ' ');
  });
}

/** `name from 'module'` for every name a file imports (`type` or not). */
function importsOf(text: string): string[] {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true);
  return source.statements.filter(ts.isImportDeclaration).flatMap((statement) => {
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    const imported = [
      ...(clause?.name ? [`default as ${clause.name.text}`] : []),
      ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : []),
      ...(bindings && ts.isNamespaceImport(bindings) ? ['*'] : []),
    ];
    return imported.map((name) => `${name} from '${from}'`);
  });
}

/** Every import of the real files of the kind `file` is (domain files, entities, migrations, contracts). */
function realImports(file: string): Set<string> {
  const dirs = file.startsWith(`${ROOT}/`)
    ? readdirSync(join(workspaceRoot, 'libs/api'))
        .map((domain) => `libs/api/${domain}/src/lib`)
        .filter((dir) => !dir.startsWith(`${ROOT}/`))
    : [dirname(file)];
  const files = dirs.flatMap((dir) => {
    const path = join(workspaceRoot, dir);
    return ts.sys.directoryExists(path)
      ? readdirSync(path)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => join(path, f))
      : [];
  });
  return new Set(files.flatMap((path) => importsOf(readFileSync(path, 'utf-8'))));
}

describe(`the domain generated into this workspace (${NAME}, in memory)`, () => {
  let generated: Generated;

  beforeAll(async () => {
    generated = await generate();
  });

  it('creates the domain, its entity, migration and contract, and registers them', () => {
    expect(generated.created.filter((file) => !file.startsWith(`${ROOT}/`)).sort()).toEqual([
      `libs/api/data/src/lib/entities/${NAME}.entity.ts`,
      expect.stringMatching(new RegExp(`^libs/api/data/src/lib/migrations/\\d{13}-${NAME}\\.ts$`)),
      `libs/shared/contracts/src/lib/${NAME}.schema.ts`,
    ]);
    expect(generated.updated.sort()).toEqual([
      'libs/api/data/src/lib/entities/index.ts',
      'libs/api/data/src/lib/migrations/index.ts',
      'libs/api/trpc/src/lib/app-router.ts',
      'libs/api/trpc/src/lib/trpc.module.ts',
      'libs/shared/contracts/src/index.ts',
      'tsconfig.base.json',
    ]);
  });

  it('imports what the real domains import, from where they import it (but its own names)', () => {
    const own = Object.values(names(NAME)).filter((name) => name !== NAME);
    const isOwn = (imported: string) => own.some((name) => imported.includes(name)) || imported.includes(`'./${NAME}.`);
    const unlike = generated.created
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => {
        const real = realImports(file);
        const imports = importsOf(generated.files.get(join(workspaceRoot, file)) ?? '');
        return imports
          .filter((imported) => !isOwn(imported) && !real.has(imported))
          .map((imported) => `${file}: ${imported}`);
      });
    expect(unlike).toEqual([]);
  });

  it('writes every file as Prettier formats it with the workspace config (`npm run format:check` passes)', async () => {
    const unformatted: string[] = [];
    for (const [path, text] of generated.files) {
      const { ignored, inferredParser } = await prettier.getFileInfo(path, {
        ignorePath: join(workspaceRoot, '.prettierignore'),
      });
      if (ignored || !inferredParser) continue;
      const config = await prettier.resolveConfig(path, { editorconfig: true });
      if (!(await prettier.check(text, { ...config, filepath: path }))) unformatted.push(relative(workspaceRoot, path));
    }
    expect(unformatted).toEqual([]);
  });

  it(
    'type-checks, the library and its spec, against the real libraries',
    () => {
      const sources = generated.created.filter((file) => file.startsWith(`${ROOT}/src/`) && file.endsWith('.ts'));
      expect(sources.length).toBeGreaterThan(0);
      // As `tsc -p tsconfig.spec.json` in the typecheck target (the library's files and its spec), with
      // the app router, which now assembles the new router. One program: each takes half a minute.
      expect(
        typeErrors(generated.files, `${ROOT}/tsconfig.spec.json`, [...sources, 'libs/api/trpc/src/index.ts']),
      ).toEqual([]);
    },
    TYPECHECK_TIMEOUT_MS,
  );
});
