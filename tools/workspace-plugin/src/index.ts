export { domainGenerator } from './generators/domain/generator';
export type { DomainGeneratorSchema } from './generators/domain/schema';
