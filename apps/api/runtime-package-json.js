const { isBuiltin } = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { readCachedProjectGraph, workspaceRoot } = require('@nx/devkit');
const { generatePrunedDeployOutput } = require('@nx/js');

/**
 * Writes `package.json` and a pruned `package-lock.json` beside the bundle, listing exactly the
 * packages the bundle `require`s at run time, at the versions the workspace locks: the image runs
 * `npm ci --omit=dev` from them (docker/Dockerfile).
 *
 * Nx's own `generatePackageJson` lists every package imported anywhere in the libraries the app
 * depends on, test files included (jsdom), counts type-only imports (express) and drops the
 * TypeScript helpers (tslib) the bundle does need. Reading the bundle's externals is exact.
 */
class RuntimePackageJsonPlugin {
  /**
   * @param {{ projectName: string, exclude?: string[], include?: string[] }} options `exclude`: packages
   *   the bundle loads only on a path that production does not take, left out of the install;
   *   `include`: packages required by code webpack does not see (a worker thread's evaluated source).
   */
  constructor(options) {
    this.projectName = options.projectName;
    this.exclude = new Set(options.exclude ?? []);
    this.include = options.include ?? [];
  }

  apply(compiler) {
    const { Compilation, ExternalModule, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(RuntimePackageJsonPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: RuntimePackageJsonPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const required = new Set(this.include);
          for (const module of compilation.modules) {
            if (!(module instanceof ExternalModule) || typeof module.request !== 'string') continue;
            const name = packageNameOf(module.request);
            if (name && !this.exclude.has(name)) required.add(name);
          }
          const packageJson = this.packageJsonFor([...required].sort());
          const emit = (path, content) => compilation.emitAsset(path, new sources.RawSource(content));
          const graph = readCachedProjectGraph();
          generatePrunedDeployOutput(packageJson, graph, graph.nodes[this.projectName].data.root, {
            emit,
            packageManager: 'npm',
            workspaceRoot,
          });
          emit('package.json', `${JSON.stringify(packageJson, null, 2)}\n`);
        },
      );
    });
  }

  packageJsonFor(names) {
    const root = JSON.parse(readFileSync(join(workspaceRoot, 'package.json'), 'utf8'));
    const dependencies = {};
    for (const name of names) {
      // tslib (the compiled helpers) is a devDependency of the workspace but needed at run time.
      const version = root.dependencies?.[name] ?? root.devDependencies?.[name];
      if (!version) {
        throw new Error(`The ${this.projectName} bundle requires "${name}", which package.json does not list.`);
      }
      dependencies[name] = version;
    }
    return {
      name: this.projectName,
      version: '0.0.1',
      private: true,
      main: 'main.js',
      engines: root.engines,
      dependencies,
    };
  }
}

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`; nothing for Node's own modules. */
function packageNameOf(request) {
  if (isBuiltin(request) || request.startsWith('.') || request.startsWith('/')) return undefined;
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

module.exports = { RuntimePackageJsonPlugin };
