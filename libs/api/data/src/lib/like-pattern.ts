/** A `LIKE`/`ILIKE` pattern matching `text` anywhere, its wildcards (`%`, `_`, `\`) escaped: what an administrator typed is text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
