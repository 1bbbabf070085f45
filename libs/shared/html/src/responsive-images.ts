/**
 * @blog/shared/html/responsive-images: the server's step that serves rich text's uploaded images as
 * responsive pictures. A separate entry so that its HTML parser never reaches the browser.
 */
export { withResponsiveImages, uploadNameOf, type ImageSize } from './lib/responsive-images/responsive-images';
