import { Route, Routes } from 'react-router-dom';
import { RecentPosts } from './recent-posts';

/** The site's routes. The public screens and the admin area grow here (see the issues). */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<RecentPosts />} />
      <Route path="*" element={<p>NotFound</p>} />
    </Routes>
  );
}
