import { defineBlock } from '../block';
import type { FigureElement as FigureNode } from './figure';
import { FigureElement } from './figure-element';
import { figureHtml, readFigure } from './html';
import { ImageButton } from './image-button';

/**
 * A captioned image (a figure). Images in a line of text are part of the text (see `withImages`,
 * which keeps both kinds); the image button and the slash menu's image entries add every kind of
 * picture, galleries too.
 */
export const imageBlock = defineBlock<FigureNode>({
  type: 'figure',
  render: FigureElement,
  toHtml: figureHtml,
  fromHtml: [readFigure],
  toLines: () => [],
  toolbar: {
    group: 'insert',
    Buttons: ({ onImageFiles, onGalleryFiles, onImageUrl, imageUrlOpen }) => (
      <ImageButton onFiles={onImageFiles} onGalleryFiles={onGalleryFiles} onUrl={onImageUrl} urlOpen={imageUrlOpen} />
    ),
  },
  slash: [
    {
      key: 'image',
      label: 'Image',
      keywords: 'photo picture ảnh upload',
      run: (_e, actions) => actions.chooseImages(),
    },
    {
      key: 'gallery',
      label: 'Gallery',
      keywords: 'photos pictures grid album ảnh',
      run: (_e, actions) => actions.chooseGallery(),
    },
    {
      key: 'image-url',
      label: 'Image from a URL',
      keywords: 'photo picture link ảnh',
      run: (_e, actions) => actions.imageFromUrl(),
    },
  ],
});
