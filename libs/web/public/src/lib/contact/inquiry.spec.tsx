import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteTags } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderPage } from '../../testing/render-page';
import { INQUIRY_OPENINGS, SUCCESS_MESSAGE } from './contact-messages';

const HOMESTAY = { title: 'Homestay Hà Giang', slug: 'homestay' };
const TAGS: SiteTags = { gtm_id: null, ads_conversion_id: 'AW-123456789/AbC-d_E', stats: false };
const form = () => screen.getByRole('form', { name: 'Contact form' });
const hidden = (name: string) => form().querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
/** The conversion events queued so far, as arrays. */
const conversions = () =>
  (window.dataLayer ?? [])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'conversion');

const openInquiry = (path: string, answers: Record<string, (input: unknown) => unknown> = {}) =>
  renderPage(path, {
    answers: {
      'projects.bySlug': (input) => {
        if ((input as { slug: string }).slug === HOMESTAY.slug) return HOMESTAY;
        throw trpcError('NOT_FOUND', 404, 'Project not found');
      },
      'services.bySlug': () => ({ name: 'Website speed rescue', slug: 'speed' }),
      'contact.send': () => ({ id: 1 }),
      ...answers,
    },
  });

describe('the contact page opened for an inquiry', () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  it('says what the message is about, starts it, and carries topic and source page for the HTML form', async () => {
    openInquiry('/contact?project=homestay&from=%2Fportfolio%2Fhomestay');
    const about = await screen.findByText(/^About:/);
    expect(within(about).getByRole('link', { name: HOMESTAY.title })).toHaveAttribute('href', '/portfolio/homestay');
    expect(screen.getByLabelText(/^Message/)).toHaveValue(INQUIRY_OPENINGS.project(HOMESTAY.title));
    expect(hidden('project')).toHaveValue('homestay');
    expect(hidden('from')).toHaveValue('/portfolio/homestay');
    // A refused form comes back to the same inquiry.
    expect(form()).toHaveAttribute('action', '/contact?project=homestay&from=%2Fportfolio%2Fhomestay');
  });

  it('sends the topic and the source page with JavaScript, and fires the conversion event (1.0 VND) with the topic', async () => {
    const user = userEvent.setup();
    const { callsTo } = openInquiry('/contact?service=speed&from=%2Fservices', {
      'siteInfo.tags': () => TAGS,
    });
    await screen.findByText(/^About:/);
    await user.type(screen.getByLabelText(/^Name/), 'An');
    await user.type(screen.getByLabelText(/^Email/), 'an@example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(callsTo('contact.send').map((call) => call.input)).toEqual([
      {
        name: 'An',
        email: 'an@example.com',
        phone: '',
        message: INQUIRY_OPENINGS.service('Website speed rescue').trim(),
        service: 'speed',
        from: '/services',
      },
    ]);
    expect(conversions()).toEqual([
      [
        'event',
        'conversion',
        { send_to: TAGS.ads_conversion_id, value: 1.0, currency: 'VND', inquiry_topic: 'service:speed' },
      ],
    ]);
  });

  it('shows the plain form for an unknown project, still recording the page it came from', async () => {
    const { callsTo } = openInquiry('/contact?project=nowhere&from=%2Fportfolio%2Fnowhere');
    await waitFor(() => expect(callsTo('projects.bySlug')).toHaveLength(1));
    await screen.findByRole('form', { name: 'Contact form' });
    expect(screen.queryByText(/^About:/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(hidden('project')).toBeNull();
    expect(hidden('from')).toHaveValue('/portfolio/nowhere');
  });

  it('takes the topic away with its link, keeping the source page', async () => {
    const user = userEvent.setup();
    const { location } = openInquiry('/contact?project=homestay&from=%2Fportfolio%2Fhomestay');
    await user.click(await screen.findByRole('link', { name: 'Remove the topic' }));
    expect(location().search).toBe('?from=%2Fportfolio%2Fhomestay');
    expect(screen.queryByText(/^About:/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(hidden('project')).toBeNull();
    expect(hidden('from')).toHaveValue('/portfolio/homestay');
  });

  it.each([
    ['the contact page without a source', '/contact', '/contact'],
    ['a source of another site', '/contact?from=https%3A%2F%2Fevil.example%2F', '/contact'],
    ['the home page', '/', '/'],
  ])('records %s as its own page', async (_case, path, from) => {
    openInquiry(path, { 'posts.home': () => ({ posts: [] }) });
    await screen.findByRole('form', { name: 'Contact form' });
    expect(hidden('from')).toHaveValue(from);
  });
});
