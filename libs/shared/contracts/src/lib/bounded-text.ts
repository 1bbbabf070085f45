import { textInput } from './text.schema';

// Internal to the contracts (not re-exported by the index): the length rules the input schemas share.

/** HTML as written in the editor: kept as is, at most `max` characters. */
export const htmlField = (max: number) => textInput().max(max, { error: `must be at most ${max} characters` });
/** Plain text, trimmed, at most `max` characters. */
export const textField = (max: number) =>
  textInput()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
