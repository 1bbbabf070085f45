import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addProjectConfiguration, readJson, readProjectConfiguration, workspaceRoot, type Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import * as ts from 'typescript';
import { domainGenerator } from './generator';
import { APP_ROUTER_FILE, TRPC_MODULE_FILE } from './trpc-registration';

/** The shape of libs/api/trpc's two files (the real ones are checked at the end). */
const APP_ROUTER = `import { Injectable } from '@nestjs/common';
import { router } from '@blog/api/core';
import { AboutRouter } from '@blog/api/about';
import { PostsRouter } from '@blog/api/posts';

/** Assembles the domain routers into the one router served at \`/trpc\`. */
@Injectable()
export class AppRouterFactory {
  constructor(
    private readonly posts: PostsRouter,
    private readonly about: AboutRouter,
  ) {}

  create() {
    return router({
      posts: this.posts.router,
      about: this.about.router,
    });
  }
}

export type AppRouter = ReturnType<AppRouterFactory['create']>;
`;

const TRPC_MODULE = `import { Module } from '@nestjs/common';
import { AboutModule } from '@blog/api/about';
import { PostsModule } from '@blog/api/posts';
import { AppRouterFactory } from './app-router';

@Module({
  imports: [
    PostsModule,
    AboutModule,
  ],
  providers: [AppRouterFactory],
  exports: [AppRouterFactory],
})
export class TrpcModule {}
`;

const DOMAIN_FILES = [
  'eslint.config.mjs',
  'jest.config.cts',
  'project.json',
  'src/index.ts',
  'src/lib/newsletter.controller.ts',
  'src/lib/newsletter.module.ts',
  'src/lib/newsletter.router.ts',
  'src/lib/newsletter.service.ts',
  'src/lib/newsletter.spec.ts',
  'tsconfig.json',
  'tsconfig.lib.json',
  'tsconfig.spec.json',
];

function filesUnder(tree: Tree, dir: string): string[] {
  return tree.children(dir).flatMap((child) => {
    const path = `${dir}/${child}`;
    return tree.isFile(path) ? [path.slice(dir.length + 1)] : filesUnder(tree, path).map((p) => `${child}/${p}`);
  });
}

function read(tree: Tree, path: string): string {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`${path} does not exist`);
  return text;
}

function syntaxErrors(path: string, text: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { experimentalDecorators: true },
  });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

/** A workspace with libs/api/about registered in libs/api/trpc, as ours. */
function workspace(files: { appRouter?: string; trpcModule?: string } = {}): Tree {
  const tree = createTreeWithEmptyWorkspace();
  addProjectConfiguration(tree, 'api-about', { root: 'libs/api/about', tags: ['scope:api', 'type:feature'] });
  addProjectConfiguration(tree, 'api-trpc', { root: 'libs/api/trpc', tags: ['scope:api', 'type:trpc'] });
  tree.write(APP_ROUTER_FILE, files.appRouter ?? APP_ROUTER);
  tree.write(TRPC_MODULE_FILE, files.trpcModule ?? TRPC_MODULE);
  tree.write(
    'tsconfig.base.json',
    JSON.stringify({ compilerOptions: { paths: { '@blog/api/about': ['./libs/api/about/src/index.ts'] } } }, null, 2),
  );
  return tree;
}

describe('domain generator', () => {
  let tree: Tree;

  beforeEach(() => {
    tree = workspace();
  });

  describe('the library', () => {
    beforeEach(() => domainGenerator(tree, { name: 'newsletter' }));

    it('creates exactly the files of a domain under libs/api/<name>', () => {
      expect(filesUnder(tree, 'libs/api/newsletter').sort()).toEqual(DOMAIN_FILES);
    });

    it('is the project api-newsletter, tagged as a domain, with a typecheck target', () => {
      const project = readProjectConfiguration(tree, 'api-newsletter');
      expect(project).toMatchObject({
        root: 'libs/api/newsletter',
        sourceRoot: 'libs/api/newsletter/src',
        projectType: 'library',
        tags: ['scope:api', 'type:feature'],
      });
      expect(project.targets?.['typecheck']).toEqual({
        command: 'tsc --noEmit -p tsconfig.lib.json && tsc --noEmit -p tsconfig.spec.json',
        options: { cwd: '{projectRoot}' },
      });
      expect(readJson(tree, 'libs/api/newsletter/project.json').$schema).toBe('../../../node_modules/nx/schemas/project-schema.json');
    });

    it('runs its tests on the shared PostgreSQL server', () => {
      const jest = read(tree, 'libs/api/newsletter/jest.config.cts');
      expect(jest).toContain("displayName: 'api-newsletter'");
      expect(jest).toContain("globalSetup: '<rootDir>/../testing/src/jest/global-setup.ts'");
      expect(jest).toContain("globalTeardown: '<rootDir>/../testing/src/jest/global-teardown.ts'");
      expect(jest).toContain("coverageDirectory: '../../../coverage/libs/api/newsletter'");
    });

    it('compiles the library without declarations, as the other domains', () => {
      const lib = readJson(tree, 'libs/api/newsletter/tsconfig.lib.json');
      expect(lib.compilerOptions.declaration).toBeUndefined();
      expect(lib.compilerOptions.experimentalDecorators).toBe(true);
      expect(readJson(tree, 'libs/api/newsletter/tsconfig.json').extends).toBe('../../../tsconfig.base.json');
    });

    it('exports the module, the service and the router', () => {
      expect(read(tree, 'libs/api/newsletter/src/index.ts')).toBe(
        "export * from './lib/newsletter.module';\nexport * from './lib/newsletter.service';\nexport * from './lib/newsletter.router';\n",
      );
    });

    it('has a working service with one list() answering [] and no repository yet', () => {
      const service = read(tree, 'libs/api/newsletter/src/lib/newsletter.service.ts');
      expect(service).toContain('export class NewsletterService {');
      expect(service).toMatch(/async list\(\): Promise<unknown\[\]> {\n\s+return \[\];\n\s+}/);
      expect(service).toContain('libs/api/data'); // where the entity goes
      expect(service).not.toMatch(/TODO|FIXME/);
      // The comment says how a repository comes in; the code has none (nor a placeholder for one).
      expect(service).not.toMatch(/^import .*typeorm/m);
      expect(service).not.toContain('constructor(');
    });

    it('serves GET /api/<name> and the tRPC list query from the service', () => {
      const controller = read(tree, 'libs/api/newsletter/src/lib/newsletter.controller.ts');
      expect(controller).toContain("@Get('newsletter')");
      expect(controller).toContain('return this.newsletter.list();');
      const router = read(tree, 'libs/api/newsletter/src/lib/newsletter.router.ts');
      expect(router).toContain('export class NewsletterRouter {');
      expect(router).toContain('list: publicProcedure.query(() => this.newsletter.list()),');
      const module = read(tree, 'libs/api/newsletter/src/lib/newsletter.module.ts');
      expect(module).toContain('controllers: [NewsletterController],');
      expect(module).toContain('providers: [NewsletterService, NewsletterRouter],');
      expect(module).toContain('export class NewsletterModule {}');
    });

    it('tests both doors against a real database and expects them to agree', () => {
      const spec = read(tree, 'libs/api/newsletter/src/lib/newsletter.spec.ts');
      expect(spec).toContain("import { createTestApp, createTestDatabase, type TestDatabase } from '@blog/api/testing';");
      expect(spec).toContain("get('/api/newsletter')");
      expect(spec).toContain("get('/trpc/newsletter.list')");
      expect(spec).toContain('expect(trpc.body.result.data).toEqual(rest.body);');
    });

    it('generates TypeScript without syntax errors', () => {
      for (const file of DOMAIN_FILES.filter((f) => f.endsWith('.ts'))) {
        const path = `libs/api/newsletter/${file}`;
        expect({ path, errors: syntaxErrors(path, read(tree, path)) }).toEqual({ path, errors: [] });
      }
    });

    it('adds the path alias @blog/api/<name> and keeps the others', () => {
      expect(readJson(tree, 'tsconfig.base.json').compilerOptions.paths).toEqual({
        '@blog/api/about': ['./libs/api/about/src/index.ts'],
        '@blog/api/newsletter': ['./libs/api/newsletter/src/index.ts'],
      });
    });
  });

  describe('the registration in libs/api/trpc', () => {
    it('adds the router: import, constructor parameter and app-router entry, in the file’s style', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, APP_ROUTER_FILE)).toBe(
        APP_ROUTER.replace(
          "import { AboutRouter } from '@blog/api/about';\n",
          "import { AboutRouter } from '@blog/api/about';\nimport { NewsletterRouter } from '@blog/api/newsletter';\n",
        )
          .replace(
            '    private readonly about: AboutRouter,\n',
            '    private readonly about: AboutRouter,\n    private readonly newsletter: NewsletterRouter,\n',
          )
          .replace('      about: this.about.router,\n', '      about: this.about.router,\n      newsletter: this.newsletter.router,\n'),
      );
    });

    it('adds the module: import and an entry in @Module imports', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, TRPC_MODULE_FILE)).toBe(
        TRPC_MODULE.replace(
          "import { AboutModule } from '@blog/api/about';\n",
          "import { AboutModule } from '@blog/api/about';\nimport { NewsletterModule } from '@blog/api/newsletter';\n",
        ).replace('    AboutModule,\n  ],', '    AboutModule,\n    NewsletterModule,\n  ],'),
      );
    });

    it('names a multi-word domain in camelCase there and in kebab-case in paths', async () => {
      await domainGenerator(tree, { name: 'reading-list' });
      const appRouter = read(tree, APP_ROUTER_FILE);
      expect(appRouter).toContain("import { ReadingListRouter } from '@blog/api/reading-list';");
      expect(appRouter).toContain('private readonly readingList: ReadingListRouter,');
      expect(appRouter).toContain('readingList: this.readingList.router,');
      expect(read(tree, TRPC_MODULE_FILE)).toContain('    ReadingListModule,\n  ],');
      expect(read(tree, 'libs/api/reading-list/src/lib/reading-list.controller.ts')).toContain("@Get('reading-list')");
      expect(read(tree, 'libs/api/reading-list/src/lib/reading-list.spec.ts')).toContain("get('/trpc/readingList.list')");
      expect(readProjectConfiguration(tree, 'api-reading-list').root).toBe('libs/api/reading-list');
    });

    it('keeps an inline list inline, and a list without a trailing comma without one', async () => {
      tree = workspace({
        appRouter: APP_ROUTER.replace(/constructor\([^)]*\)/, 'constructor(private readonly posts: PostsRouter, private readonly about: AboutRouter)')
          .replace('      about: this.about.router,\n', '      about: this.about.router\n'),
        trpcModule: TRPC_MODULE.replace(/imports: \[[^\]]*\]/, 'imports: [PostsModule, AboutModule]'),
      });
      await domainGenerator(tree, { name: 'newsletter' });
      const appRouter = read(tree, APP_ROUTER_FILE);
      expect(appRouter).toContain(
        'constructor(private readonly posts: PostsRouter, private readonly about: AboutRouter, private readonly newsletter: NewsletterRouter)',
      );
      expect(appRouter).toContain('      about: this.about.router,\n      newsletter: this.newsletter.router\n    });');
      expect(read(tree, TRPC_MODULE_FILE)).toContain('imports: [PostsModule, AboutModule, NewsletterModule]');
    });

    it('places the import alphabetically among the domain imports', async () => {
      await domainGenerator(tree, { name: 'comments' });
      expect(read(tree, APP_ROUTER_FILE)).toContain(
        "import { AboutRouter } from '@blog/api/about';\nimport { CommentsRouter } from '@blog/api/comments';\nimport { PostsRouter } from '@blog/api/posts';\n",
      );
    });
  });

  describe('refuses, with a clear message and nothing written', () => {
    it.each(['Newsletter', 'news_letter', 'news letter', '1news', 'news--letter', '-news', 'news-', '', 'libs/api/x'])(
      'the name %p, which is not kebab-case',
      async (name) => {
        await expect(domainGenerator(tree, { name })).rejects.toThrow(/Invalid domain name .*use kebab-case/);
      },
    );

    it.each(['delete', 'class', 'new', 'then', 'constructor'])('the reserved word %p', async (name) => {
      await expect(domainGenerator(tree, { name })).rejects.toThrow(`Invalid domain name "${name}"`);
    });

    it('the name of an existing domain', async () => {
      await expect(domainGenerator(tree, { name: 'about' })).rejects.toThrow(
        'The domain "about" exists already: project "api-about" at libs/api/about. Choose another name.',
      );
    });

    it('a name whose folder exists already', async () => {
      tree.write('libs/api/drafts/README.md', 'not a project yet');
      await expect(domainGenerator(tree, { name: 'drafts' })).rejects.toThrow('libs/api/drafts exists already');
    });

    it('a name whose path alias exists already', async () => {
      const json = readJson(tree, 'tsconfig.base.json');
      json.compilerOptions.paths['@blog/api/drafts'] = ['./somewhere/else.ts'];
      tree.write('tsconfig.base.json', JSON.stringify(json));
      await expect(domainGenerator(tree, { name: 'drafts' })).rejects.toThrow('The path alias @blog/api/drafts exists already');
    });

    it.each([
      ['the app router is missing', { appRouter: undefined }, `${APP_ROUTER_FILE}: the file does not exist`],
      ['AppRouterFactory is renamed', { appRouter: APP_ROUTER.replace(/AppRouterFactory/g, 'Routers') }, 'it has no class `AppRouterFactory`'],
      ['create() lost its router({...})', { appRouter: APP_ROUTER.replace('return router({', 'return makeRouter({') }, 'does not call `router({ ... })`'],
      ['the router key exists', { appRouter: APP_ROUTER.replace('about: this.about.router', 'newsletter: this.about.router') }, 'already has a `newsletter` entry'],
      ['TrpcModule has no imports array', { trpcModule: TRPC_MODULE.replace(/imports: \[[^\]]*\],/, '') }, "`TrpcModule`'s `@Module` has no `imports: [ ... ]` array"],
      ['the module import exists', { trpcModule: TRPC_MODULE.replace("'./app-router';", "'./app-router';\nimport { NewsletterModule } from './elsewhere';") }, 'it already imports a `NewsletterModule`'],
    ])('when %s', async (_, files, message) => {
      tree = workspace(files);
      if ('appRouter' in files && files.appRouter === undefined) tree.delete(APP_ROUTER_FILE);
      const before = read(tree, 'tsconfig.base.json');
      const error: Error = await domainGenerator(tree, { name: 'newsletter' }).then(() => new Error('no error'), (e) => e);
      expect(error.message).toContain(message);
      expect(error.message).toMatch(/^Cannot register the domain in libs\/api\/trpc\/src\/lib\/[a-z-.]+\.ts: /);
      // The generator throws before it writes the library: Nx then writes nothing at all.
      expect(tree.exists('libs/api/newsletter')).toBe(false);
      expect(read(tree, 'tsconfig.base.json')).toBe(before);
    });
  });

  /** The real files of this workspace: the generator keeps up with them, or this fails. */
  describe('against this workspace', () => {
    const real = (path: string) => readFileSync(join(workspaceRoot, path), 'utf-8');
    const ABOUT_CONFIG = ['project.json', 'jest.config.cts', 'tsconfig.json', 'tsconfig.lib.json', 'tsconfig.spec.json', 'eslint.config.mjs'];

    beforeEach(() => {
      tree = workspace({ appRouter: real(APP_ROUTER_FILE), trpcModule: real(TRPC_MODULE_FILE) });
    });

    it.each(ABOUT_CONFIG)('generates %s as libs/api/about has it, but for the new name', async (file) => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, `libs/api/newsletter/${file}`)).toBe(real(`libs/api/about/${file}`).replace(/about/g, 'newsletter'));
    });

    it('registers the domain in the real app-router.ts and trpc.module.ts', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      const appRouter = read(tree, APP_ROUTER_FILE);
      expect(appRouter).toContain("import { NewsletterRouter } from '@blog/api/newsletter';");
      expect(appRouter).toMatch(/\n {4}private readonly newsletter: NewsletterRouter,\n {2}\) \{\}/);
      expect(appRouter).toMatch(/\n {6}newsletter: this\.newsletter\.router,\n {4}\}\);/);
      const trpcModule = read(tree, TRPC_MODULE_FILE);
      expect(trpcModule).toContain("import { NewsletterModule } from '@blog/api/newsletter';");
      expect(trpcModule).toMatch(/\n {4}NewsletterModule,\n {2}\],/);
      // Nothing else changed: only added lines.
      const removed = (before: string, after: string) => before.split('\n').filter((line) => !after.split('\n').includes(line));
      expect(removed(real(APP_ROUTER_FILE), appRouter)).toEqual([]);
      expect(removed(real(TRPC_MODULE_FILE), trpcModule)).toEqual([]);
      expect(appRouter.split('\n').length - real(APP_ROUTER_FILE).split('\n').length).toBe(3);
      expect(trpcModule.split('\n').length - real(TRPC_MODULE_FILE).split('\n').length).toBe(2);
    });
  });
});
