export * from './lib/projects.module';
export * from './lib/projects.service';
export * from './lib/projects.router';
