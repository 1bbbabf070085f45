/**
 * @blog/shared/html/vocabulary: a lesson's vocabulary block, for the public post page's structured data
 * (without the sanitiser the main entry brings along).
 */
export * from './lib/vocabulary';
