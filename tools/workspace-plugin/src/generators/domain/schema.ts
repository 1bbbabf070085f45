export interface DomainGeneratorSchema {
  /** kebab-case, e.g. `newsletter` or `site-info`. */
  name: string;
}
