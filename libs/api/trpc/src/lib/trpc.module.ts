import { Module } from '@nestjs/common';
import { AboutModule } from '@blog/api/about';
import { ApiTokensModule } from '@blog/api/api-tokens';
import { AuthModule } from '@blog/api/auth';
import { AutosavesModule } from '@blog/api/autosaves';
import { CategoriesModule } from '@blog/api/categories';
import { CommentMailsModule, CommentsModule } from '@blog/api/comments';
import { ContactModule } from '@blog/api/contact';
import { ExportsModule } from '@blog/api/exports';
import { ImportsModule } from '@blog/api/imports';
import { PostsModule, TrashModule } from '@blog/api/posts';
import { ProjectsModule } from '@blog/api/projects';
import { RedirectsModule } from '@blog/api/redirects';
import { RevisionsModule } from '@blog/api/revisions';
import { ServicesModule } from '@blog/api/services';
import { SiteInfoModule } from '@blog/api/site-info';
import { SitemapModule } from '@blog/api/sitemap';
import { StatsModule } from '@blog/api/stats';
import { SubscriptionsModule } from '@blog/api/subscriptions';
import { TestimonialsModule } from '@blog/api/testimonials';
import { UploadsModule } from '@blog/api/uploads';
import { UsersModule } from '@blog/api/users';
import { WebhooksModule } from '@blog/api/webhooks';
import { AppRouterFactory } from './app-router';

/** Every domain module, plus the tRPC router over their services. */
@Module({
  imports: [
    AuthModule,
    PostsModule,
    CategoriesModule,
    AboutModule,
    SiteInfoModule,
    ContactModule,
    SitemapModule,
    UsersModule,
    WebhooksModule,
    UploadsModule,
    ImportsModule,
    ExportsModule,
    RedirectsModule,
    TrashModule,
    RevisionsModule,
    AutosavesModule,
    ApiTokensModule,
    ServicesModule,
    TestimonialsModule,
    ProjectsModule,
    StatsModule,
    SubscriptionsModule,
    CommentsModule,
    CommentMailsModule,
  ],
  providers: [AppRouterFactory],
  exports: [AppRouterFactory],
})
export class TrpcModule {}
