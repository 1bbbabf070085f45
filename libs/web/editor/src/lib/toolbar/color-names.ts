import { COLOR_PALETTE } from '@blog/shared/html';

/**
 * Names for the 35 palette colours (Quill's palette: a row of base colours, then pale, light, dark
 * and darkest shades, with black, white and greys in the first column), for screen readers.
 */
const HUES = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];
const SHADES = ['', 'pale ', 'light ', 'dark ', 'darkest '];
const GREYS = ['black', 'white', 'light grey', 'grey', 'dark grey'];
const COLUMNS = 7;

export function colorName(color: string): string {
  const index = (COLOR_PALETTE as readonly string[]).indexOf(color.toLowerCase());
  if (index < 0) return color;
  const row = Math.floor(index / COLUMNS);
  const column = index % COLUMNS;
  const name = column === 0 ? GREYS[row] : `${SHADES[row]}${HUES[column - 1]}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export const PALETTE_COLUMNS = COLUMNS;
