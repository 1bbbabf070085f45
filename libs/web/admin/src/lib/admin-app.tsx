import { Navigate, Route, Routes } from 'react-router-dom';
import { CategoriesPage } from './categories/categories-page';
import { AdminGuard } from './layout/admin-guard';
import { AdminLayout } from './layout/admin-layout';
import { AddPostPage, EditPostPage } from './posts/post-pages';
import { PostsPage } from './posts/posts-page';
import { ProfilePage } from './profile/profile-page';
import { SitemapPage } from './sitemap/sitemap-page';
import './admin.css';

/** Everything under /admin: the guard, the frame and each screen. Loaded lazily by the web app. */
export function AdminApp() {
  return (
    <AdminGuard>
      {(name) => (
        <AdminLayout name={name}>
          <Routes>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="view-category" element={<CategoriesPage />} />
            <Route path="view-post" element={<PostsPage />} />
            <Route path="add-post" element={<AddPostPage />} />
            <Route path="edit-post/:id" element={<EditPostPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="sitemap" element={<SitemapPage />} />
            <Route path="*" element={<p>NotFound</p>} />
          </Routes>
        </AdminLayout>
      )}
    </AdminGuard>
  );
}
