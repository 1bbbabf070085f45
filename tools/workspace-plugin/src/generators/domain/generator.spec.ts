import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addProjectConfiguration,
  formatFiles,
  readJson,
  readProjectConfiguration,
  workspaceRoot,
  type Tree,
} from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import * as ts from 'typescript';
import {
  CONTRACTS_DIR,
  CONTRACTS_FILE,
  ENTITIES_DIR,
  ENTITIES_FILE,
  MIGRATIONS_DIR,
  MIGRATIONS_FILE,
} from './data-registration';
import { domainGenerator } from './generator';
import { APP_ROUTER_FILE, TRPC_MODULE_FILE } from './trpc-registration';

// The real formatFiles, watched: the generator formats what it wrote (with the workspace's formatter, if any).
jest.mock('@nx/devkit', () => {
  const devkit = jest.requireActual('@nx/devkit');
  return { ...devkit, formatFiles: jest.fn(devkit.formatFiles) };
});

/** The shape of libs/api/trpc's two files (the real ones are checked at the end). */
const APP_ROUTER = `import { Injectable } from '@nestjs/common';
import { router } from '@blog/api/http';
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

const ENTITIES_INDEX = `import { AboutEntity } from './about.entity';
import { CategoryEntity } from './category.entity';
import { UserEntity } from './user.entity';

export {
  AboutEntity,
  CategoryEntity,
  UserEntity,
};

export const entities = [
  UserEntity,
  CategoryEntity,
  AboutEntity,
];
`;

const MIGRATIONS_INDEX = `import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { Auth1763900000000 } from './1763900000000-auth';

/** Every migration, in order. Listed explicitly so the bundled server needs no file globbing. */
export const migrations = [InitialSchema1763800000000, Auth1763900000000];
`;

const INITIAL_SCHEMA = `export class InitialSchema1763800000000 {
  async up(q: QueryRunner): Promise<void> {
    await q.query(\`
      CREATE TABLE categories (
        id serial PRIMARY KEY
      )\`);
  }
}
`;

const CONTRACTS_INDEX = `export * from './lib/limits';
export * from './lib/category.schema';
`;

/** What the generator writes when it runs at this time (the migration's timestamp). */
const NOW = 1_800_000_000_000;
const MIGRATION = `1800000000000-newsletter`;

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
/** The files of the domain outside libs/api/<name>. */
const DATA_FILES = [
  `${ENTITIES_DIR}/newsletter.entity.ts`,
  `${MIGRATIONS_DIR}/${MIGRATION}.ts`,
  `${CONTRACTS_DIR}/newsletter.schema.ts`,
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

/** `{ method: [decorator names] }` of the class a file exports, e.g. `{ create: ['Post', 'HttpCode', 'UseGuards(AdminGuard)'] }`. */
function decoratorsOf(text: string): Record<string, string[]> {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true);
  const found = source.statements.find(ts.isClassDeclaration);
  const methods = found?.members.filter(ts.isMethodDeclaration) ?? [];
  return Object.fromEntries(
    methods.map((method) => [
      method.name.getText(source),
      (ts.getDecorators(method) ?? []).map((d) => {
        const call = d.expression;
        if (!ts.isCallExpression(call)) return call.getText(source);
        const name = call.expression.getText(source);
        return name === 'UseGuards' ? `${name}(${call.arguments.map((a) => a.getText(source)).join(', ')})` : name;
      }),
    ]),
  );
}

/** A workspace with libs/api/about registered in libs/api/trpc, libs/api/data and the contracts, as ours. */
function workspace(
  files: { appRouter?: string; trpcModule?: string; entities?: string; migrations?: string; contracts?: string } = {},
): Tree {
  // No formatter: formatFiles leaves the files as the generator wrote them, which these specs compare
  // (the specs against this workspace add its Prettier config).
  const tree = createTreeWithEmptyWorkspace({ formatter: 'none' });
  addProjectConfiguration(tree, 'api-about', { root: 'libs/api/about', tags: ['scope:api', 'type:feature'] });
  addProjectConfiguration(tree, 'api-trpc', { root: 'libs/api/trpc', tags: ['scope:api', 'type:trpc'] });
  tree.write(APP_ROUTER_FILE, files.appRouter ?? APP_ROUTER);
  tree.write(TRPC_MODULE_FILE, files.trpcModule ?? TRPC_MODULE);
  tree.write(ENTITIES_FILE, files.entities ?? ENTITIES_INDEX);
  tree.write(`${ENTITIES_DIR}/category.entity.ts`, "@Entity({ name: 'categories' })\nexport class CategoryEntity {}\n");
  tree.write(MIGRATIONS_FILE, files.migrations ?? MIGRATIONS_INDEX);
  tree.write(`${MIGRATIONS_DIR}/1763800000000-initial-schema.ts`, INITIAL_SCHEMA);
  tree.write(`${MIGRATIONS_DIR}/1763900000000-auth.ts`, 'export class Auth1763900000000 {}\n');
  tree.write(CONTRACTS_FILE, files.contracts ?? CONTRACTS_INDEX);
  tree.write(
    `${CONTRACTS_DIR}/category.schema.ts`,
    'export const categorySchema = z.object({});\nexport type Category = z.infer<typeof categorySchema>;\n',
  );
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
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    jest.mocked(formatFiles).mockClear();
  });

  afterEach(() => jest.restoreAllMocks());

  describe('the library', () => {
    beforeEach(() => domainGenerator(tree, { name: 'newsletter' }));

    it('creates exactly the files of a domain under libs/api/<name>, and its entity, migration and contract', () => {
      expect(filesUnder(tree, 'libs/api/newsletter').sort()).toEqual(DOMAIN_FILES);
      for (const file of DATA_FILES) expect(tree.exists(file)).toBe(true);
    });

    it('formats what it wrote, last', () => {
      expect(formatFiles).toHaveBeenCalledTimes(1);
      expect(formatFiles).toHaveBeenCalledWith(tree);
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
      expect(readJson(tree, 'libs/api/newsletter/project.json').$schema).toBe(
        '../../../node_modules/nx/schemas/project-schema.json',
      );
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

    it('stores the records in the table "newsletter": an entity with id, name and the timestamps', () => {
      const entity = read(tree, `${ENTITIES_DIR}/newsletter.entity.ts`);
      expect(entity).toContain("@Entity({ name: 'newsletter' })\nexport class NewsletterEntity extends Timestamped {");
      expect(entity).toContain("import { Timestamped } from './timestamps';");
      expect(entity).toContain('@PrimaryGeneratedColumn()\n  id!: number;');
      expect(entity).toContain("@Column({ type: 'varchar', length: NEWSLETTER_NAME_MAX_LENGTH })\n  name!: string;");
      expect(entity).toContain("import { NEWSLETTER_NAME_MAX_LENGTH } from '@blog/contracts';");
    });

    it('creates the table in a migration named by the time of generation, matching the entity', () => {
      const migration = read(tree, `${MIGRATIONS_DIR}/${MIGRATION}.ts`);
      expect(migration).toContain('export class Newsletter1800000000000 implements MigrationInterface {');
      expect(migration).toContain("name = 'Newsletter1800000000000';");
      const columns = /CREATE TABLE "newsletter" \(\n([\s\S]*?)\n\s*\)`\);/
        .exec(migration)?.[1]
        .split(',\n')
        .map((column) => column.trim());
      expect(columns).toEqual([
        'id serial PRIMARY KEY',
        'name varchar(200) NOT NULL',
        'created_at timestamptz NOT NULL DEFAULT now()',
        'updated_at timestamptz NOT NULL DEFAULT now()',
      ]);
      expect(migration).toContain('await q.query(`DROP TABLE "newsletter"`);');
      // The column's length is the contract's limit.
      expect(read(tree, `${CONTRACTS_DIR}/newsletter.schema.ts`)).toContain(
        'export const NEWSLETTER_NAME_MAX_LENGTH = 200;',
      );
    });

    it('describes the record and its input with zod in the contracts', () => {
      const contract = read(tree, `${CONTRACTS_DIR}/newsletter.schema.ts`);
      for (const declaration of [
        'export const newsletterSchema = z.object({',
        'export type Newsletter = z.infer<typeof newsletterSchema>;',
        'export const newsletterInputSchema = z.object({',
        'export type NewsletterFields = z.output<typeof newsletterInputSchema>;',
        'export const newsletterUpdateInputSchema = newsletterInputSchema.extend({ id: idSchema });',
      ]) {
        expect(contract).toContain(declaration);
      }
      // Every text input through the one rule.
      expect(contract).toMatch(/name: textInput\(/);
    });

    it('has a service over the repository: list, get (404), create, update (404) and remove (404)', () => {
      const service = read(tree, 'libs/api/newsletter/src/lib/newsletter.service.ts');
      expect(service).toContain('export class NewsletterService {');
      expect(service).toContain(
        '@InjectRepository(NewsletterEntity) private readonly newsletter: Repository<NewsletterEntity>',
      );
      for (const method of [
        'async list(): Promise<Newsletter[]>',
        'async get(id: number): Promise<Newsletter>',
        'async create(fields: NewsletterFields): Promise<Newsletter>',
        'async update(id: number, fields: NewsletterFields): Promise<Newsletter>',
        'async remove(id: number): Promise<Ok>',
      ]) {
        expect(service).toContain(method);
      }
      expect(service).toContain("const notFound = () => DomainError.notFound('Newsletter');");
      expect(service.match(/throw notFound\(\);/g)).toHaveLength(3);
      expect(service).not.toMatch(/TODO|FIXME|unknown\[\]/);
      expect(read(tree, 'libs/api/newsletter/src/lib/newsletter.module.ts')).toContain(
        'imports: [TypeOrmModule.forFeature([NewsletterEntity])],',
      );
    });

    it('serves the reads to anyone and the writes to administrators on REST, validated by the contract', () => {
      const controller = read(tree, 'libs/api/newsletter/src/lib/newsletter.controller.ts');
      expect(decoratorsOf(controller)).toEqual({
        list: ['Get'],
        get: ['Get'],
        create: ['Post', 'HttpCode', 'UseGuards(AdminGuard)'],
        update: ['Put', 'UseGuards(AdminGuard)'],
        remove: ['Delete', 'UseGuards(AdminGuard)'],
      });
      for (const route of [
        "@Get('newsletter')",
        "@Get('newsletter/:id')",
        "@Post('newsletter')",
        "@Put('newsletter/:id')",
        "@Delete('newsletter/:id')",
      ]) {
        expect(controller).toContain(route);
      }
      expect(controller).toContain("const idPipe = new ZodValidationPipe(idSchema, 'id');");
      expect(controller).toContain('const bodyPipe = new ZodValidationPipe(newsletterInputSchema);');
      expect(controller.match(/@Body\(bodyPipe\)/g)).toHaveLength(2);
    });

    it('serves the same on tRPC: public list and byId, admin create, update and delete', () => {
      const router = read(tree, 'libs/api/newsletter/src/lib/newsletter.router.ts');
      expect(router).toContain('export class NewsletterRouter {');
      expect(router).toContain('list: publicProcedure.query(() => this.newsletter.list()),');
      expect(router).toContain(
        'byId: publicProcedure.input(idInputSchema).query(({ input }) => this.newsletter.get(input.id)),',
      );
      expect(router).toContain(
        'create: adminProcedure.input(newsletterInputSchema).mutation(({ input }) => this.newsletter.create(input)),',
      );
      expect(router).toMatch(/update: adminProcedure\s+\.input\(newsletterUpdateInputSchema\)/);
      expect(router).toContain(
        'delete: adminProcedure.input(idInputSchema).mutation(({ input }) => this.newsletter.remove(input.id)),',
      );
      const module = read(tree, 'libs/api/newsletter/src/lib/newsletter.module.ts');
      expect(module).toContain('controllers: [NewsletterController],');
      expect(module).toContain('providers: [NewsletterService, NewsletterRouter],');
      expect(module).toContain('export class NewsletterModule {}');
    });

    it('tests both doors on a real database: they agree, and refuse the admin calls to anonymous and non-admin callers', () => {
      const spec = read(tree, 'libs/api/newsletter/src/lib/newsletter.spec.ts');
      // The shared set-up and tRPC-over-HTTP helper of the real specs.
      expect(spec).toContain(
        "import { expectAdminOnly, invalidInput, trpcHttp, useTestApp, type TestAgent as Agent } from '@blog/api/testing';",
      );
      expect(spec).toContain("const newsletterTrpc = trpcHttp<NewsletterRouter['router']>('newsletter');");
      expect(spec).toContain('const t = useTestApp([NewsletterModule], {');
      expect(spec).toContain("t.anonymous.get('/api/newsletter')");
      expect(spec).toContain("newsletterTrpc.query(t.anonymous, 'list')");
      expect(spec).toContain('.body.result.data).toEqual(rest.body);');
      for (const door of [
        "['POST /api/newsletter',",
        "['PUT /api/newsletter/:id',",
        "['DELETE /api/newsletter/:id',",
        "['tRPC newsletter.create',",
        "['tRPC newsletter.update',",
        "['tRPC newsletter.delete',",
      ]) {
        expect(spec).toContain(door);
      }
      expect(spec).toContain('await expectAdminOnly(door, (agent) => call(agent, record.id), t);');
    });

    it('generates TypeScript without syntax errors', () => {
      const files = [
        ...DOMAIN_FILES.filter((f) => f.endsWith('.ts')).map((f) => `libs/api/newsletter/${f}`),
        ...DATA_FILES,
      ];
      for (const path of files) {
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

  describe('the registration in libs/api/data and the contracts', () => {
    it('lists the entity: import and export in alphabetical order, at the end of `entities`', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, ENTITIES_FILE)).toBe(
        ENTITIES_INDEX.replace(
          "import { CategoryEntity } from './category.entity';\n",
          "import { CategoryEntity } from './category.entity';\nimport { NewsletterEntity } from './newsletter.entity';\n",
        )
          .replace('  CategoryEntity,\n  UserEntity,\n};', '  CategoryEntity,\n  NewsletterEntity,\n  UserEntity,\n};')
          .replace('  AboutEntity,\n];', '  AboutEntity,\n  NewsletterEntity,\n];'),
      );
    });

    it('lists the migration last, where it runs last', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, MIGRATIONS_FILE)).toBe(
        MIGRATIONS_INDEX.replace(
          "import { Auth1763900000000 } from './1763900000000-auth';\n",
          `import { Auth1763900000000 } from './1763900000000-auth';\nimport { Newsletter1800000000000 } from './${MIGRATION}';\n`,
        ).replace('Auth1763900000000];', 'Auth1763900000000, Newsletter1800000000000];'),
      );
    });

    it('names the migration after the newest one when that one is later than now (a clock behind)', async () => {
      tree.write(`${MIGRATIONS_DIR}/1900000000000-later.ts`, 'export class Later1900000000000 {}\n');
      await domainGenerator(tree, { name: 'newsletter' });
      expect(tree.exists(`${MIGRATIONS_DIR}/1900000000001-newsletter.ts`)).toBe(true);
      expect(read(tree, MIGRATIONS_FILE)).toContain('Newsletter1900000000001];');
    });

    it('exports the schemas from the contracts', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, CONTRACTS_FILE)).toBe(`${CONTRACTS_INDEX}export * from './lib/newsletter.schema';\n`);
    });

    it('names a multi-word domain in snake_case in SQL and in SCREAMING_CASE in constants', async () => {
      await domainGenerator(tree, { name: 'reading-list' });
      expect(read(tree, `${MIGRATIONS_DIR}/1800000000000-reading-list.ts`)).toContain('CREATE TABLE "reading_list" (');
      expect(read(tree, `${ENTITIES_DIR}/reading-list.entity.ts`)).toContain(
        "@Entity({ name: 'reading_list' })\nexport class ReadingListEntity",
      );
      expect(read(tree, `${CONTRACTS_DIR}/reading-list.schema.ts`)).toContain(
        'export const READING_LIST_NAME_MAX_LENGTH = 200;',
      );
      expect(read(tree, 'libs/api/reading-list/src/lib/reading-list.service.ts')).toContain(
        "DomainError.notFound('Reading list')",
      );
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
          .replace(
            '      about: this.about.router,\n',
            '      about: this.about.router,\n      newsletter: this.newsletter.router,\n',
          ),
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
      expect(read(tree, 'libs/api/reading-list/src/lib/reading-list.spec.ts')).toContain(
        "trpcHttp<ReadingListRouter['router']>('readingList')",
      );
      expect(readProjectConfiguration(tree, 'api-reading-list').root).toBe('libs/api/reading-list');
    });

    it('keeps an inline list inline, and a list without a trailing comma without one', async () => {
      tree = workspace({
        appRouter: APP_ROUTER.replace(
          /constructor\([^)]*\)/,
          'constructor(private readonly posts: PostsRouter, private readonly about: AboutRouter)',
        ).replace('      about: this.about.router,\n', '      about: this.about.router\n'),
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
      await expect(domainGenerator(tree, { name: 'drafts' })).rejects.toThrow(
        'The path alias @blog/api/drafts exists already',
      );
    });

    it('a name whose table exists already, made by an entity or only by a migration', async () => {
      await expect(domainGenerator(tree, { name: 'categories' })).rejects.toThrow(
        `The domain "categories" cannot be created: its table "categories" exists already (${ENTITIES_DIR}/category.entity.ts). Choose another name.`,
      );
      tree.delete(`${ENTITIES_DIR}/category.entity.ts`);
      await expect(domainGenerator(tree, { name: 'categories' })).rejects.toThrow(
        `(${MIGRATIONS_DIR}/1763800000000-initial-schema.ts)`,
      );
      await expect(domainGenerator(tree, { name: 'migrations' })).rejects.toThrow(
        'its table "migrations" exists already (TypeORM)',
      );
    });

    it('a name whose entity file exists already', async () => {
      tree.write(`${ENTITIES_DIR}/drafts.entity.ts`, 'export class Something {}\n');
      await expect(domainGenerator(tree, { name: 'drafts' })).rejects.toThrow(
        `${ENTITIES_DIR}/drafts.entity.ts exists already`,
      );
    });

    it('a name whose contract names are taken', async () => {
      tree.delete(`${ENTITIES_DIR}/category.entity.ts`);
      await expect(domainGenerator(tree, { name: 'category' })).rejects.toThrow(
        `The domain "category" cannot be created: the contracts have \`categorySchema\` in ${CONTRACTS_DIR}/category.schema.ts, ` +
          `\`Category\` in ${CONTRACTS_DIR}/category.schema.ts already. Choose another name.`,
      );
      tree.write(`${CONTRACTS_DIR}/drafts.schema.ts`, 'export const somethingElse = 1;\n');
      await expect(domainGenerator(tree, { name: 'drafts' })).rejects.toThrow(
        `the contracts have ${CONTRACTS_DIR}/drafts.schema.ts already`,
      );
    });

    it('a name whose record type would clash with what the service imports', async () => {
      await expect(domainGenerator(tree, { name: 'repository' })).rejects.toThrow(
        'Invalid domain name "repository": its record type "Repository" would clash with the service\'s import of that name.',
      );
    });

    it.each([
      ['the app router is missing', { appRouter: undefined }, `${APP_ROUTER_FILE}: the file does not exist`],
      [
        'AppRouterFactory is renamed',
        { appRouter: APP_ROUTER.replace(/AppRouterFactory/g, 'Routers') },
        'it has no class `AppRouterFactory`',
      ],
      [
        'create() lost its router({...})',
        { appRouter: APP_ROUTER.replace('return router({', 'return makeRouter({') },
        'does not call `router({ ... })`',
      ],
      [
        'the router key exists',
        { appRouter: APP_ROUTER.replace('about: this.about.router', 'newsletter: this.about.router') },
        'already has a `newsletter` entry',
      ],
      [
        'TrpcModule has no imports array',
        { trpcModule: TRPC_MODULE.replace(/imports: \[[^\]]*\],/, '') },
        "`TrpcModule`'s `@Module` has no `imports: [ ... ]` array",
      ],
      [
        'the module import exists',
        {
          trpcModule: TRPC_MODULE.replace(
            "'./app-router';",
            "'./app-router';\nimport { NewsletterModule } from './elsewhere';",
          ),
        },
        'it already imports a `NewsletterModule`',
      ],
      [
        'the entities have no export list',
        { entities: ENTITIES_INDEX.replace(/export \{[^}]*\};/, '') },
        `${ENTITIES_FILE}: it has no \`export { ... }\` of the entity classes`,
      ],
      [
        '`entities` is no array',
        { entities: ENTITIES_INDEX.replace(/export const entities = \[[^\]]*\];/, 'export const entities = all();') },
        '`entities` is not an array literal',
      ],
      [
        '`migrations` is missing',
        { migrations: MIGRATIONS_INDEX.replace('export const migrations', 'export const steps') },
        `${MIGRATIONS_FILE}: it has no \`export const migrations = [ ... ]\``,
      ],
      [
        'the contracts index is not a list of exports',
        { contracts: 'export const x = 1;\n' },
        `${CONTRACTS_FILE}: it has no \`export * from ...\``,
      ],
      [
        'the last file edited has syntax errors',
        { contracts: `${CONTRACTS_INDEX}export * from ;\n` },
        `${CONTRACTS_FILE}: it has syntax errors before the edit`,
      ],
    ])('when %s', async (_, files, message) => {
      tree = workspace(files);
      if ('appRouter' in files && files.appRouter === undefined) tree.delete(APP_ROUTER_FILE);
      const edited = [
        APP_ROUTER_FILE,
        TRPC_MODULE_FILE,
        ENTITIES_FILE,
        MIGRATIONS_FILE,
        CONTRACTS_FILE,
        'tsconfig.base.json',
      ];
      const before = edited.map((file) => tree.read(file, 'utf-8'));
      const error: Error = await domainGenerator(tree, { name: 'newsletter' }).then(
        () => new Error('no error'),
        (e) => e,
      );
      expect(error.message).toContain(message);
      expect(error.message).toMatch(/^Cannot register the domain in libs\/[a-z/-]+\/[a-z-.]+\.ts: /);
      // The generator throws before it writes anything: Nx then writes nothing at all.
      expect(tree.exists('libs/api/newsletter')).toBe(false);
      for (const file of DATA_FILES) expect(tree.exists(file)).toBe(false);
      expect(edited.map((file) => tree.read(file, 'utf-8'))).toEqual(before);
    });
  });

  /** The real files of this workspace: the generator keeps up with them, or this fails. */
  describe('against this workspace', () => {
    const real = (path: string) => readFileSync(join(workspaceRoot, path), 'utf-8');
    const ABOUT_CONFIG = [
      'project.json',
      'jest.config.cts',
      'tsconfig.json',
      'tsconfig.lib.json',
      'tsconfig.spec.json',
      'eslint.config.mjs',
    ];

    beforeEach(() => {
      tree = workspace({
        appRouter: real(APP_ROUTER_FILE),
        trpcModule: real(TRPC_MODULE_FILE),
        entities: real(ENTITIES_FILE),
        migrations: real(MIGRATIONS_FILE),
        contracts: real(CONTRACTS_FILE),
      });
      // Our Prettier config, where formatFiles reads it in a tree that is not on disk: a `.prettierrc`
      // the generator run created (it resolves the rest from disk, under the tree's root, which is virtual).
      tree.write('.prettierrc', real('.prettierrc.json'));
    });

    it.each(ABOUT_CONFIG)('generates %s as libs/api/about has it, but for the new name', async (file) => {
      await domainGenerator(tree, { name: 'newsletter' });
      expect(read(tree, `libs/api/newsletter/${file}`)).toBe(
        real(`libs/api/about/${file}`).replace(/about/g, 'newsletter'),
      );
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
      const removed = (before: string, after: string) =>
        before.split('\n').filter((line) => !after.split('\n').includes(line));
      expect(removed(real(APP_ROUTER_FILE), appRouter)).toEqual([]);
      expect(removed(real(TRPC_MODULE_FILE), trpcModule)).toEqual([]);
      expect(appRouter.split('\n').length - real(APP_ROUTER_FILE).split('\n').length).toBe(3);
      expect(trpcModule.split('\n').length - real(TRPC_MODULE_FILE).split('\n').length).toBe(2);
    });

    it('registers the entity, the migration and the contract in the real index files, adding only', async () => {
      await domainGenerator(tree, { name: 'newsletter' });
      const entities = read(tree, ENTITIES_FILE);
      expect(entities).toContain("import { NewsletterEntity } from './newsletter.entity';");
      expect(entities.match(/\bNewsletterEntity\b/g)).toHaveLength(3);
      const migrations = read(tree, MIGRATIONS_FILE);
      expect(migrations).toContain(`import { Newsletter1800000000000 } from './${MIGRATION}';`);
      expect(migrations).toMatch(/export const migrations = \[[^\]]*,\s*Newsletter1800000000000,?\s*\];/);
      expect(read(tree, CONTRACTS_FILE)).toBe(
        `${real(CONTRACTS_FILE).trimEnd()}\nexport * from './lib/newsletter.schema';\n`,
      );
      // What the real lists say stays there.
      const words = (text: string): string[] => text.match(/[\w$./-]+/g) ?? [];
      for (const file of [ENTITIES_FILE, MIGRATIONS_FILE]) {
        const after = words(read(tree, file));
        expect(words(real(file)).filter((word) => !after.includes(word))).toEqual([]);
      }
    });
  });
});
