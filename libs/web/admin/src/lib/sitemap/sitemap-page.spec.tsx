import { screen } from '@testing-library/react';
import { renderAdmin } from '../../testing/render-admin';
import { SitemapPage } from './sitemap-page';

const XML = '<?xml version="1.0"?>\n<urlset><url><loc>http://blog.test/</loc></url></urlset>\n';

describe('SitemapPage', () => {
  it('shows a spinner, then the server text exactly as it is', async () => {
    renderAdmin(<SitemapPage />, { answers: { 'sitemap.xml': () => XML } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    const pre = await screen.findByLabelText('Sitemap XML');
    expect(pre.textContent).toBe(XML);
  });

  it('offers a retry when loading fails, and retries', async () => {
    let calls = 0;
    const { user } = renderAdmin(<SitemapPage />, {
      answers: {
        'sitemap.xml': () => {
          calls += 1;
          if (calls === 1) throw new Error('down');
          return XML;
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText('Sitemap XML')).textContent).toBe(XML);
  });
});
