import type { ImageFields } from '../../custom-types';

/**
 * An image with a caption: a block of its own (a void, at the top level), written as
 * `<figure><img …><figcaption>caption</figcaption></figure>`. The caption is plain text.
 */
export interface FigureElement extends ImageFields {
  type: 'figure';
  caption?: string;
}
