export * from './lib/comments.module';
export * from './lib/submitting/comments.service';
export * from './lib/submitting/comments.router';
export * from './lib/submitting/comment-form.route';
export * from './lib/admin/comments-admin.router';
export * from './lib/mails/comment-mails.module';
export * from './lib/importing/imported-comment';
