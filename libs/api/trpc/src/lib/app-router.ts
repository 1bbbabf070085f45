import { Injectable } from '@nestjs/common';
import { router } from '@blog/api/http';
import { AboutRouter } from '@blog/api/about';
import { ApiTokensRouter } from '@blog/api/api-tokens';
import { AuthRouter } from '@blog/api/auth';
import { AutosavesRouter } from '@blog/api/autosaves';
import { CategoriesRouter } from '@blog/api/categories';
import { CommentsAdminRouter, CommentsRouter } from '@blog/api/comments';
import { ContactRouter } from '@blog/api/contact';
import { SubscribersRouter, SubscriptionsRouter } from '@blog/api/subscriptions';
import { SiteExportsRouter } from '@blog/api/exports';
import { BackupsRouter, ImportsRouter } from '@blog/api/imports';
import { PostsRouter, TrashRouter } from '@blog/api/posts';
import { ProjectsRouter } from '@blog/api/projects';
import { RedirectsRouter } from '@blog/api/redirects';
import { RevisionsRouter } from '@blog/api/revisions';
import { ServicesRouter } from '@blog/api/services';
import { SiteInfoRouter } from '@blog/api/site-info';
import { SitemapRouter } from '@blog/api/sitemap';
import { StatsRouter } from '@blog/api/stats';
import { TestimonialsRouter } from '@blog/api/testimonials';
import { UploadsRouter } from '@blog/api/uploads';
import { UsersRouter } from '@blog/api/users';
import { WebhooksRouter } from '@blog/api/webhooks';

/** Assembles the domain routers into the one router served at `/trpc`. */
@Injectable()
export class AppRouterFactory {
  constructor(
    private readonly posts: PostsRouter,
    private readonly categories: CategoriesRouter,
    private readonly about: AboutRouter,
    private readonly siteInfo: SiteInfoRouter,
    private readonly contact: ContactRouter,
    private readonly subscriptions: SubscriptionsRouter,
    private readonly subscribers: SubscribersRouter,
    private readonly sitemap: SitemapRouter,
    private readonly auth: AuthRouter,
    private readonly users: UsersRouter,
    private readonly uploads: UploadsRouter,
    private readonly imports: ImportsRouter,
    private readonly siteExports: SiteExportsRouter,
    private readonly backups: BackupsRouter,
    private readonly redirects: RedirectsRouter,
    private readonly trash: TrashRouter,
    private readonly revisions: RevisionsRouter,
    private readonly autosaves: AutosavesRouter,
    private readonly apiTokens: ApiTokensRouter,
    private readonly webhooks: WebhooksRouter,
    private readonly services: ServicesRouter,
    private readonly testimonials: TestimonialsRouter,
    private readonly projects: ProjectsRouter,
    private readonly stats: StatsRouter,
    private readonly comments: CommentsRouter,
    private readonly commentsAdmin: CommentsAdminRouter,
  ) {}

  create() {
    return router({
      posts: this.posts.router,
      categories: this.categories.router,
      about: this.about.router,
      siteInfo: this.siteInfo.router,
      contact: this.contact.router,
      subscriptions: this.subscriptions.router,
      subscribers: this.subscribers.router,
      sitemap: this.sitemap.router,
      auth: this.auth.router,
      users: this.users.router,
      uploads: this.uploads.router,
      imports: this.imports.router,
      exports: this.siteExports.router,
      backups: this.backups.router,
      redirects: this.redirects.router,
      trash: this.trash.router,
      revisions: this.revisions.router,
      autosaves: this.autosaves.router,
      apiTokens: this.apiTokens.router,
      webhooks: this.webhooks.router,
      services: this.services.router,
      testimonials: this.testimonials.router,
      projects: this.projects.router,
      stats: this.stats.router,
      comments: this.comments.router,
      commentsAdmin: this.commentsAdmin.router,
    });
  }
}

/** The only thing the web client imports from the API side, as a type. */
export type AppRouter = ReturnType<AppRouterFactory['create']>;
