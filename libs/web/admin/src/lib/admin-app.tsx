import { Navigate, Route, Routes } from 'react-router-dom';
import { trpc } from '@blog/web/data';
import { AboutPage } from './about/about-page';
import { CategoriesPage } from './categories/categories-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { GeneralInfoPage } from './general-info/general-info-page';
import { ImportExportPage } from './import-export/import-export-page';
import { ActionNotices } from './forms/action-notice';
import { AdminGuard } from './layout/admin-guard';
import { AdminLayout } from './layout/admin-layout';
import { CommentsPage } from './comments/comments-page';
import { MessagesPage } from './messages/messages-page';
import { SubscribersPage } from './subscribers/subscribers-page';
import { AddPostPage, EditPostPage } from './posts/post-pages';
import { PostsPage } from './posts/posts-page';
import { AddProjectPage, EditProjectPage } from './projects/project-pages';
import { ProjectsPage } from './projects/projects-page';
import { ProfilePage } from './profile/profile-page';
import { RedirectsPage } from './redirects/redirects-page';
import { ServicesPage } from './services/services-page';
import { TestimonialsPage } from './testimonials/testimonials-page';
import { WebhooksPage } from './webhooks/webhooks-page';
import { SitemapPage } from './sitemap/sitemap-page';
import { TrashPage } from './trash/trash-page';
import { UsersPage } from './users/users-page';
import './admin.css';

/** How often the notifications button looks for new contact messages (and the sidebar for held comments). */
export const UNREAD_REFRESH_MS = 60_000;

/** Everything under /admin: the guard, the frame and each screen. Loaded lazily by the web app. */
export function AdminApp() {
  return <AdminGuard>{(name) => <AdminFrame name={name} />}</AdminGuard>;
}

/** The frame with its screens, once the admin check passed; the bell shows the unread messages. */
function AdminFrame({ name }: { name: string }) {
  // The inbox query the messages screen and the dashboard share: marking one read updates the bell.
  const inbox = trpc.contact.list.useQuery(undefined, { refetchInterval: UNREAD_REFRESH_MS });
  const unread = inbox.data?.filter((message) => !message.read).length;
  // The counts the Comments screen refreshes after each moderation: its badge follows at once.
  const comments = trpc.commentsAdmin.counts.useQuery(undefined, { refetchInterval: UNREAD_REFRESH_MS });
  return (
    <AdminLayout name={name} unread={unread} pendingComments={comments.data?.pending}>
      <ActionNotices>
        <Routes>
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="view-category" element={<CategoriesPage />} />
          <Route path="view-post" element={<PostsPage />} />
          <Route path="add-post" element={<AddPostPage />} />
          <Route path="edit-post/:id" element={<EditPostPage />} />
          <Route path="trash" element={<TrashPage />} />
          <Route path="projects" element={<ProjectsPage />} />
          <Route path="add-project" element={<AddProjectPage />} />
          <Route path="edit-project/:id" element={<EditProjectPage />} />
          <Route path="services" element={<ServicesPage />} />
          <Route path="testimonials" element={<TestimonialsPage />} />
          <Route path="general-info" element={<GeneralInfoPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="comments" element={<CommentsPage />} />
          <Route path="subscribers" element={<SubscribersPage />} />
          <Route path="redirects" element={<RedirectsPage />} />
          <Route path="webhooks" element={<WebhooksPage />} />
          <Route path="import-export" element={<ImportExportPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="sitemap" element={<SitemapPage />} />
          <Route path="*" element={<p>NotFound</p>} />
        </Routes>
      </ActionNotices>
    </AdminLayout>
  );
}
