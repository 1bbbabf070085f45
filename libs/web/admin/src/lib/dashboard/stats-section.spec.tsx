import { screen, waitFor, within } from '@testing-library/react';
import type { StatsInquiries, StatsPage, StatsSearch, StatsSourceRow } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { NO_STATS, summaryOf } from '../../testing/stats-answers';
import { LABELS } from '../labels';
import { redirectFormHref } from '../redirects/redirects-page';
import { addDays, lastDays, siteToday } from './stats-range';
import { DASHBOARD_NOT_FOUND_COUNT, StatsSection } from './stats-section';

const labels = LABELS.stats;
const STATS_READS = ['stats.summary', 'stats.pages', 'stats.sources', 'stats.searches', 'stats.inquiries'];

const page = (path: string, extra: Partial<StatsPage>): StatsPage => ({
  path,
  kind: 'page',
  id: null,
  title: null,
  views: 0,
  entries: 0,
  engaged_seconds: null,
  outbound: 0,
  inquiries: 0,
  conversion_rate: 0,
  ...extra,
});
const PAGES = [
  page('/ha-giang-loop', {
    kind: 'post',
    id: 3,
    title: 'Hà Giang loop',
    views: 1200,
    entries: 300,
    inquiries: 6,
    conversion_rate: 0.005,
    engaged_seconds: 74.4,
  }),
  page('/portfolio/homestay', {
    kind: 'project',
    id: 5,
    title: 'Homestay booking',
    views: 400,
    inquiries: 10,
    conversion_rate: 0.025,
  }),
  page('/', { views: 90 }),
];
const SOURCES: StatsSourceRow[] = [
  { source: 'search', name: 'google.com', entries: 200, inquiries: 3, conversion_rate: 0.015 },
  { source: 'direct', name: null, entries: 100, inquiries: 0, conversion_rate: 0 },
];
const SEARCHES: StatsSearch[] = [
  { term: 'react', searches: 9, results: 4, found_nothing: false },
  { term: 'kubernetes', searches: 5, results: 0, found_nothing: true },
];
const INQUIRIES: StatsInquiries = {
  total: 16,
  by_page: [
    { path: '/portfolio/homestay', inquiries: 10 },
    { path: null, inquiries: 6 },
  ],
  by_topic: [{ topic_kind: 'project', topic_slug: 'homestay', topic_title: 'Homestay booking', inquiries: 10 }],
  by_source: [
    { source: 'search', name: 'google.com', inquiries: 3 },
    { source: null, name: null, inquiries: 13 },
  ],
};

const ANSWERS = {
  ...NO_STATS,
  'stats.summary': (input: unknown) =>
    summaryOf(
      input,
      (index) => [100 + index, 10 + index],
      (index) => [50 + index, 5],
      { views: 1200, daily_visitors: 12.5, entries: 300, inquiries: 0 },
      { views: 1000, daily_visitors: 10, entries: 0, inquiries: 0 },
    ),
  'stats.pages': () => PAGES,
  'stats.sources': () => SOURCES,
  'stats.searches': () => SEARCHES,
  'stats.inquiries': () => INQUIRIES,
  // The most hit first, more than the dashboard shows.
  'redirects.notFoundList': () => ({
    rows: ['/tin-tuc/cu', '/a', '/b', '/c', '/d', '/e', '/f'].map((path, index) => ({
      id: index + 1,
      path,
      hits: 9 - index,
      referrer_host: null,
      last_seen_at: '2026-11-20T10:00:00.000Z',
    })),
    total: 7,
  }),
};

/** The text of each body row of the tables in `element`. */
const rowTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => row.textContent);

const rangesAsked = (calls: Array<{ path: string; input: unknown }>) =>
  calls.filter((call) => STATS_READS.includes(call.path)).map((call) => call.input);

describe('StatsSection', () => {
  it('asks every list for the last 30 days (today included, in the site’s time zone), then for the period chosen', async () => {
    const { user, calls } = renderAdmin(<StatsSection />, { answers: ANSWERS });
    await screen.findByRole('img', { name: /^Daily visitors and page views per day/ });
    const thirty = { from: addDays(siteToday(), -29), to: siteToday() };
    expect(rangesAsked(calls)).toEqual(STATS_READS.map(() => thirty));
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '7 days' }));
    const seven = { from: addDays(siteToday(), -6), to: siteToday() };
    await waitFor(() => expect(rangesAsked(calls).slice(5)).toEqual(STATS_READS.map(() => seven)));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(
      await screen.findByRole('img', { name: new RegExp(`from ${seven.from} to ${seven.to}`) }),
    ).toBeInTheDocument();
    expect(screen.getByText(`${seven.from} to ${seven.to}`)).toBeInTheDocument();
  });

  it('keeps the period in the address bar: a reload or a shared link shows the same', async () => {
    const { user, calls } = renderAdmin(<StatsSection />, { answers: ANSWERS, path: '/admin?period=90' });
    const ninety = { from: addDays(siteToday(), -89), to: siteToday() };
    await waitFor(() => expect(rangesAsked(calls)).toEqual(STATS_READS.map(() => ninety)));
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?period=7');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('shows each total beside the previous period’s and the change, as daily visitors (never people)', async () => {
    renderAdmin(<StatsSection />, { answers: ANSWERS });
    const visitors = await screen.findByRole('group', { name: 'Daily visitors (average)' });
    expect(visitors).toHaveTextContent('12.5 Daily visitors (average)Previous period: 10 +25%');
    expect(screen.getByRole('group', { name: 'Page views' })).toHaveTextContent(
      '1,200 Page viewsPrevious period: 1,000 +20%',
    );
    expect(screen.getByRole('group', { name: 'Visits from outside' })).toHaveTextContent(
      '300 Visits from outsidePrevious period: 0 New',
    );
    expect(screen.getByRole('group', { name: 'Inquiries' })).toHaveTextContent(
      '0 InquiriesPrevious period: 0 No change',
    );
    expect(screen.queryByText(/people/i)).not.toBeInTheDocument();
  });

  it('draws the days and the previous period as lines, and gives the same figures as a table', async () => {
    const { user } = renderAdmin(<StatsSection />, { answers: ANSWERS });
    const { from, to } = lastDays(30);
    const chart = await screen.findByRole('img', {
      name: `Daily visitors and page views per day from ${from} to ${to}, with the previous period in lighter lines`,
    });
    const lines = chart.querySelectorAll('path');
    expect(lines).toHaveLength(4);
    // 30 points each; the highest figure (day 30's 129 views) at the top of the box.
    for (const line of Array.from(lines)) expect(line.getAttribute('d')?.match(/[ML]/g)).toHaveLength(30);
    expect(chart.querySelector('.admin-chart__line--views')?.getAttribute('d')).toMatch(/L600\.0,0\.0$/);

    await user.click(screen.getByText(labels.showTable));
    // The table beside the chart, in the same figure.
    const table = within(chart.closest('figure') as HTMLElement).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0].textContent).toBe(`${from}10010${addDays(from, -30)}505`);
    expect(rows[29].textContent).toBe(`${to}12939${addDays(from, -1)}795`);
  });

  it('lists what readers searched for in vain first, each marked "Found nothing"', async () => {
    renderAdmin(<StatsSection />, { answers: ANSWERS });
    const inVain = await screen.findByRole('region', { name: 'Searched for in vain' });
    await within(inVain).findByRole('table');
    expect(rowTexts(inVain)).toEqual(['kubernetesFound nothing50']);
    const all = screen.getByRole('region', { name: 'Searches' });
    expect(inVain.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const [react, kubernetes] = within(all).getAllByRole('row').slice(1);
    expect(within(react).queryByText('Found nothing')).not.toBeInTheDocument();
    expect(within(kubernetes).getByText('Found nothing')).toBeInTheDocument();
  });

  it('links each post and project to its editor and its public page, each 404 to the redirect form, and each list to its CSV', async () => {
    renderAdmin(<StatsSection />, { answers: ANSWERS });
    const pages = await screen.findByRole('region', { name: labels.pagesHeading });
    expect(await within(pages).findByRole('link', { name: 'Hà Giang loop' })).toHaveAttribute(
      'href',
      '/admin/edit-post/3',
    );
    expect(within(pages).getByRole('link', { name: '/ha-giang-loop' })).toHaveAttribute('href', '/ha-giang-loop');
    expect(within(pages).getByRole('link', { name: 'Homestay booking' })).toHaveAttribute(
      'href',
      '/admin/edit-project/5',
    );
    expect(within(pages).getByRole('link', { name: '/portfolio/homestay' })).toHaveAttribute(
      'href',
      '/portfolio/homestay',
    );
    // A page that is neither a post nor a project has no editor.
    expect(within(pages).getAllByRole('link')).toHaveLength(5);
    expect(within(pages).getAllByRole('row')[1].textContent).toBe('Hà Giang loop /ha-giang-loop1,20030074 s060.5%');

    const notFound = screen.getByRole('region', { name: labels.notFoundHeading });
    expect(within(notFound).getByRole('link', { name: 'Create redirect /tin-tuc/cu' })).toHaveAttribute(
      'href',
      redirectFormHref('/tin-tuc/cu'),
    );
    expect(within(notFound).getAllByRole('link', { name: /^Create redirect/ })).toHaveLength(DASHBOARD_NOT_FOUND_COUNT);

    const { from, to } = lastDays(30);
    const downloads = screen.getByRole('navigation', { name: 'Download CSV' });
    expect(within(downloads).getByRole('link', { name: 'Days' })).toHaveAttribute(
      'href',
      `/api/stats/export.csv?list=days&from=${from}&to=${to}`,
    );
    expect(
      within(downloads)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Days', 'Pages', 'Sources', 'Searches', 'Inquiries']);
  });

  it('counts inquiries by page, topic and source, with the conversion rate of each page and source', async () => {
    renderAdmin(<StatsSection />, { answers: ANSWERS });
    const inquiries = await screen.findByRole('region', { name: labels.inquiriesHeading });
    expect(await within(inquiries).findByText('16 inquiries in this period.')).toBeInTheDocument();
    const [byPage, byTopic, bySource] = within(inquiries).getAllByRole('table');
    expect(rowTexts(byPage)).toEqual(['/portfolio/homestay102.5%', 'Unknown page6—']);
    expect(within(byTopic).getAllByRole('row')[1].textContent).toBe('Homestay booking10');
    expect(rowTexts(bySource)).toEqual(['Search enginesgoogle.com31.5%', 'Unknown (not counted)—13—']);
    const sources = screen.getByRole('region', { name: labels.sourcesHeading });
    expect(rowTexts(sources)).toEqual(['Search enginesgoogle.com20031.5%', 'Direct—10000%']);
  });

  it('says what will appear where nothing has been counted yet', async () => {
    renderAdmin(<StatsSection />, { answers: NO_STATS });
    expect(await screen.findAllByText(labels.noViews)).toHaveLength(2);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText(labels.noSources)).toBeInTheDocument();
    expect(screen.getAllByText(labels.noSearches)).toHaveLength(2);
    expect(screen.getByText(labels.noInquiries)).toBeInTheDocument();
    expect(screen.getByText(LABELS.redirects.notFound.empty)).toBeInTheDocument();
  });

  it('shows a failed part with a retry, the other parts still shown', async () => {
    let attempts = 0;
    const { user } = renderAdmin(<StatsSection />, {
      answers: {
        ...ANSWERS,
        'stats.sources': () => {
          attempts += 1;
          if (attempts === 1) throw new Error('down');
          return SOURCES;
        },
      },
    });
    const sources = screen.getByRole('region', { name: labels.sourcesHeading });
    await user.click(await within(sources).findByRole('button', { name: 'Try again' }));
    expect(await within(sources).findByText('google.com')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: labels.pagesHeading })).toHaveTextContent('Hà Giang loop');
  });
});
