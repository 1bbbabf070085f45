export * from './lib/projects.module';
export * from './lib/projects.service';
export * from './lib/projects.router';
export * from './lib/projects.openapi';
export * from './lib/project-writer';
