import { screen, waitFor, within } from '@testing-library/react';
import { COMMENT_SETTINGS_DEFAULTS, SITE_IDENTITY_DEFAULTS, type GeneralInfoAdmin } from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { LABELS } from '../labels';
import { renderAdmin } from '../../testing/render-admin';
import { fakeUploads } from '../../testing/fake-uploads';
import { FAVICON_ACCEPT, GENERAL_INFO_SAVED, GeneralInfoPage } from './general-info-page';

const INFO: GeneralInfoAdmin = {
  version: 1,
  id: 3,
  logo_1: 'logo-1.png',
  logo_2: 'logo-2.png',
  favicon: 'icon.ico',
  logo_1_url: '/uploads/logo-1.png',
  logo_2_url: '/uploads/logo-2.png',
  favicon_url: '/uploads/icon.ico',
  email: 'owner@example.com',
  phone: '0901 234 567',
  address: 'Hà Nội',
  facebook_url: 'https://www.facebook.com/phuong',
  instagram_url: null,
  linkedin_url: null,
  youtube_url: null,
  zalo_url: 'https://zalo.me/0901234567',
  tiktok_url: null,
  ...SITE_IDENTITY_DEFAULTS,
  site_name: 'Nhật ký của Lan',
  hero_image: null,
  hero_image_url: null,
  hero_image_width: null,
  hero_image_height: null,
  availability: 'available',
  booked_until: null,
  availability_note: '',
  sender_name: '',
  sender_address: '',
  ...COMMENT_SETTINGS_DEFAULTS,
  default_language: 'en',
  languages: ['en', 'vi'],
};
/** What a save of a site that never set its availability sends. */
const AVAILABLE = { availability: 'available', booked_until: null, availability_note: '' };
/** What a save of a site that never set its languages sends. */
const BOTH_LANGUAGES = { default_language: 'en', languages: ['en', 'vi'] };
/** What a save of a site that never set the sender of its subscription mails sends. */
const NO_SENDER = { sender_name: '', sender_address: '' };
const NO_PROFILES = {
  facebook_url: '',
  instagram_url: '',
  linkedin_url: '',
  youtube_url: '',
  zalo_url: '',
  tiktok_url: '',
};

describe('GeneralInfoPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("reads 'Add' with no record and checks the e-mail before calling the server", async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, { answers: { 'siteInfo.adminList': () => [] } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const email = await screen.findByLabelText('Email');
    expect(screen.getByRole('heading', { name: 'General Information' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/admin/dashboard');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Favicon')).toHaveAttribute('accept', FAVICON_ACCEPT);
    expect(FAVICON_ACCEPT.split(',').sort()).toEqual([
      '.heic',
      '.heif',
      'image/avif',
      'image/gif',
      'image/heic',
      'image/heif',
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    await user.type(email, 'a@b');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);
  });

  it('creates the record with what was typed and says so', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: { 'siteInfo.adminList': () => [], 'siteInfo.create': () => ({ status: 200, id: 1 }) },
    });
    await user.type(await screen.findByLabelText('Email'), 'me@x.vn');
    await user.type(screen.getByLabelText('Phone'), '0123');
    await user.type(screen.getByLabelText('Address'), 'Huế');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.create')?.input).toEqual({
      logo_1: null,
      logo_2: null,
      favicon: null,
      email: 'me@x.vn',
      phone: '0123',
      address: 'Huế',
      ...NO_PROFILES,
      ...SITE_IDENTITY_DEFAULTS,
      hero_image: null,
      ...AVAILABLE,
      ...NO_SENDER,
      ...COMMENT_SETTINGS_DEFAULTS,
      ...BOTH_LANGUAGES,
    });
  });

  it("reads 'Update' and shows each current image 100 px wide", async () => {
    renderAdmin(<GeneralInfoPage />, { answers: { 'siteInfo.adminList': () => [INFO] } });
    for (const [label, src] of [
      ['Logo 1', '/uploads/logo-1.png'],
      ['Logo 2', '/uploads/logo-2.png'],
      ['Favicon', '/uploads/icon.ico'],
    ]) {
      const preview = await screen.findByRole('img', { name: `${label} (current)` });
      expect(preview).toHaveAttribute('src', src);
      expect(preview).toHaveAttribute('width', '100');
    }
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('0901 234 567');
    expect(screen.getByLabelText('Address')).toHaveValue('Hà Nội');
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('uploads a new favicon at once and updates the record with it, keeping the logos', async () => {
    const uploads = fakeUploads({ status: 200, body: 'new-icon.png' }, { atOnce: true });
    try {
      const { user, calls } = renderAdmin(<GeneralInfoPage />, {
        answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
      });
      await user.upload(await screen.findByLabelText('Favicon'), new File(['png'], 'icon.png', { type: 'image/png' }));
      expect(await screen.findByRole('img', { name: 'Favicon (current)' })).toHaveAttribute(
        'src',
        '/uploads/new-icon.png',
      );
      expect((uploads.sent[0].get('image') as File).name).toBe('icon.png');
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
      expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toEqual({
        id: 3,
        version: 1,
        logo_1: 'logo-1.png',
        logo_2: 'logo-2.png',
        favicon: 'new-icon.png',
        email: 'owner@example.com',
        phone: '0901 234 567',
        address: 'Hà Nội',
        ...NO_PROFILES,
        facebook_url: INFO.facebook_url,
        zalo_url: INFO.zalo_url,
        ...SITE_IDENTITY_DEFAULTS,
        site_name: 'Nhật ký của Lan',
        hero_image: null,
        ...AVAILABLE,
        ...NO_SENDER,
        ...COMMENT_SETTINGS_DEFAULTS,
        ...BOTH_LANGUAGES,
      });
    } finally {
      uploads.restore();
    }
  });

  it('shows the social profiles in their fieldset and saves them, an emptied one removed', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
    });
    const profiles = await screen.findByRole('group', { name: 'Social profiles' });
    expect(
      within(profiles)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['facebook_url', 'instagram_url', 'linkedin_url', 'youtube_url', 'zalo_url', 'tiktok_url']);
    for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube', 'Zalo', 'TikTok']) {
      expect(within(profiles).getByLabelText(network)).toHaveAttribute('type', 'url');
    }
    expect(within(profiles).getByLabelText('Facebook')).toHaveValue('https://www.facebook.com/phuong');
    await user.clear(within(profiles).getByLabelText('Zalo'));
    await user.type(within(profiles).getByLabelText('YouTube'), 'https://www.youtube.com/@phuong');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
      facebook_url: 'https://www.facebook.com/phuong',
      youtube_url: 'https://www.youtube.com/@phuong',
      zalo_url: '',
      tiktok_url: '',
    });
  });

  it('adds https:// to a profile typed without it, in the field once left, and saves it so', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
    });
    const youtube = await screen.findByLabelText('YouTube');
    await user.type(youtube, 'www.youtube.com/@phuong');
    await user.tab();
    expect(youtube).toHaveValue('https://www.youtube.com/@phuong');
    // Typed and saved at once (Enter), without leaving the field.
    await user.type(screen.getByLabelText('TikTok'), 'tiktok.com/@phuong{Enter}');
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
      youtube_url: 'https://www.youtube.com/@phuong',
      tiktok_url: 'https://tiktok.com/@phuong',
    });
    expect(screen.getByLabelText('TikTok')).toHaveValue('https://tiktok.com/@phuong');
  });

  it('says under Logo 1, Logo 2 and Favicon where each appears', async () => {
    renderAdmin(<GeneralInfoPage />, { answers: { 'siteInfo.adminList': () => [INFO] } });
    expect(await screen.findByLabelText('Logo 1')).toHaveAccessibleDescription(LABELS.generalInfo.logo1Hint);
    expect(screen.getByLabelText('Logo 2')).toHaveAccessibleDescription(LABELS.generalInfo.logo2Hint);
    expect(screen.getByLabelText('Favicon')).toHaveAccessibleDescription(LABELS.generalInfo.faviconHint);
    expect(LABELS.generalInfo.logo1Hint).toMatch(/header/);
    expect(LABELS.generalInfo.logo2Hint).toMatch(/footer/);
  });

  it("shows the site's identity, checks it as the server does and saves it with a new hero picture", async () => {
    const uploads = fakeUploads({ status: 200, body: 'hero-lan.webp' }, { atOnce: true });
    try {
      const { user, calls } = renderAdmin(<GeneralInfoPage />, {
        answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
      });
      const identity = await screen.findByRole('group', { name: LABELS.generalInfo.identity });
      const siteName = within(identity).getByLabelText(/^Site name/);
      expect(siteName).toHaveValue('Nhật ký của Lan');
      expect(siteName).toHaveAccessibleDescription(LABELS.generalInfo.identityHints.site_name);
      expect(within(identity).getByLabelText(/^Author name/)).toHaveValue(SITE_IDENTITY_DEFAULTS.author_name);
      expect(within(identity).getByLabelText(/^Hero text/)).toHaveValue(SITE_IDENTITY_DEFAULTS.hero_text);

      await user.clear(siteName);
      await user.type(within(identity).getByLabelText(/^Hero title/), 'x'.repeat(100));
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText('must not be empty')).toBeInTheDocument();
      expect(screen.getByText('must be at most 100 characters')).toBeInTheDocument();
      expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);

      await user.type(siteName, 'Lan viết');
      await user.clear(within(identity).getByLabelText(/^Hero title/));
      await user.type(within(identity).getByLabelText(/^Hero title/), 'Chào bạn');
      await user.clear(within(identity).getByLabelText(/^Hero greeting/));
      await user.upload(
        within(identity).getByLabelText(LABELS.generalInfo.heroImage),
        new File(['webp'], 'hero.webp', { type: 'image/webp' }),
      );
      expect(await screen.findByRole('img', { name: `${LABELS.generalInfo.heroImage} (current)` })).toHaveAttribute(
        'src',
        '/uploads/hero-lan.webp',
      );
      await user.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
      expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
        site_name: 'Lan viết',
        hero_title: 'Chào bạn',
        hero_greeting: '',
        hero_image: 'hero-lan.webp',
        author_name: SITE_IDENTITY_DEFAULTS.author_name,
      });
    } finally {
      uploads.restore();
    }
  });

  it('sets the availability: a day only when booked (required then), and the line', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
    });
    const labels = LABELS.generalInfo;
    const group = await screen.findByRole('group', { name: labels.availability });
    const state = within(group).getByLabelText(labels.availabilityState);
    expect(state).toHaveValue('available');
    expect(within(group).queryByLabelText(/^Booked until/)).not.toBeInTheDocument();

    await user.selectOptions(state, labels.availabilityStates.booked);
    const until = within(group).getByLabelText(/^Booked until/);
    expect(until).toHaveAttribute('type', 'date');
    expect(until).toHaveAccessibleDescription(labels.bookedUntilHint);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('is required when booked')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);

    await user.type(until, '2026-12-15');
    await user.type(within(group).getByLabelText(labels.availabilityNote), 'Free again in January.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
      availability: 'booked',
      booked_until: '2026-12-15',
      availability_note: 'Free again in January.',
    });
  });

  it('sets the sender of the subscription mails, checking the address and saying the provider must allow it', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
    });
    const labels = LABELS.generalInfo;
    const group = await screen.findByRole('group', { name: labels.sender });
    const name = within(group).getByLabelText(labels.senderName);
    const address = within(group).getByLabelText(labels.senderAddress);
    expect(address).toHaveAccessibleDescription(expect.stringContaining('provider must allow sending from it'));
    await user.type(name, 'Lan viết');
    await user.type(address, 'lan at blog');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(group).findByText('Sender address must be a valid e-mail address')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);

    await user.clear(address);
    await user.type(address, 'lan@blog.vn');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
      sender_name: 'Lan viết',
      sender_address: 'lan@blog.vn',
    });
  });

  it("sets the readers' comments: closed site-wide, after some days, the moderation's rules, checked as the server does", async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: { 'siteInfo.adminList': () => [INFO], 'siteInfo.update': () => ({ status: 200, id: 3 }) },
    });
    const labels = LABELS.generalInfo;
    const group = await screen.findByRole('group', { name: labels.comments });
    const enabled = within(group).getByRole('checkbox', { name: labels.commentsEnabled });
    expect(enabled).toBeChecked();
    const days = within(group).getByLabelText(labels.commentsCloseAfterDays);
    expect(days).toHaveAccessibleDescription(expect.stringContaining('0: never'));
    await user.click(enabled);
    await user.clear(days);
    await user.type(days, '-3');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(group).findByText('must be at least 0')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);

    await user.clear(days);
    await user.type(days, '30');
    const threshold = within(group).getByLabelText(labels.commentsSpamThreshold);
    await user.clear(threshold);
    await user.type(threshold, '80');
    await user.type(within(group).getByLabelText(labels.commentsBlockList), 'casino{Enter}cheap pills');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
      comments_enabled: false,
      comments_close_after_days: 30,
      comments_max_links: COMMENT_SETTINGS_DEFAULTS.comments_max_links,
      comments_block_list: 'casino\ncheap pills',
      comments_spam_threshold: 80,
    });
  });

  it('sends no day with another state, even one typed before', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: {
        'siteInfo.adminList': () => [{ ...INFO, availability: 'booked', booked_until: '2026-12-15' }],
        'siteInfo.update': () => ({ status: 200, id: 3 }),
      },
    });
    const state = await screen.findByLabelText(LABELS.generalInfo.availabilityState);
    expect(screen.getByLabelText(/^Booked until/)).toHaveValue('2026-12-15');
    await user.selectOptions(state, LABELS.generalInfo.availabilityStates.not_taking_work);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'siteInfo.update')?.input).toMatchObject({
      availability: 'not_taking_work',
      booked_until: null,
    });
  });

  it('checks each social profile before calling the server: https, on the network', async () => {
    const { user, calls } = renderAdmin(<GeneralInfoPage />, { answers: { 'siteInfo.adminList': () => [INFO] } });
    await user.type(await screen.findByLabelText('Instagram'), 'http://instagram.com/phuong');
    await user.type(screen.getByLabelText('TikTok'), 'https://www.facebook.com/phuong');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Instagram must be an https:// address')).toBeInTheDocument();
    expect(screen.getByText('TikTok must be an address on tiktok.com')).toBeInTheDocument();
    expect(screen.getByLabelText('TikTok')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);
  });

  it("puts the server's field errors on the fields and keeps what was typed", async () => {
    const { user } = renderAdmin(<GeneralInfoPage />, {
      answers: {
        'siteInfo.adminList': () => [INFO],
        'siteInfo.update': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [
            { field: 'phone', message: 'Phone must be at most 50 characters' },
          ]);
        },
      },
    });
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, ' ext 5');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Phone must be at most 50 characters')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('correct the highlighted fields');
    expect(phone).toHaveValue('0901 234 567 ext 5');
  });

  it('says when the save failed for another reason', async () => {
    const { user } = renderAdmin(<GeneralInfoPage />, {
      answers: {
        'siteInfo.adminList': () => [INFO],
        'siteInfo.update': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'The database is not available');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not available');
  });

  it('offers a retry when the record cannot be loaded', async () => {
    renderAdmin(<GeneralInfoPage />, {
      answers: {
        'siteInfo.adminList': () => {
          throw new Error('down');
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAdmin(<GeneralInfoPage />, {
      path: '/admin/general-info',
      answers: { 'siteInfo.adminList': () => [INFO] },
    });
    await user.type(await screen.findByLabelText('Phone'), '9');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/general-info'));
  });

  it("sets the site's languages and its default one, checked as the server does, and shows the server's refusal at the field", async () => {
    let refusal: Error | null = trpcError('BAD_REQUEST', 400, 'Invalid input', [
      { field: 'languages', message: 'The site must run at least one language' },
    ]);
    const { user, calls } = renderAdmin(<GeneralInfoPage />, {
      answers: {
        'siteInfo.adminList': () => [INFO],
        'siteInfo.update': () => {
          if (refusal) throw refusal;
          return { status: 200, id: 3 };
        },
      },
    });
    const languages = await screen.findByRole('group', { name: 'Languages of the site' });
    const english = within(languages).getByRole('checkbox', { name: 'English' });
    expect(english).toBeChecked();
    expect(within(languages).getByRole('checkbox', { name: 'Tiếng Việt' })).toBeChecked();
    expect(screen.getByLabelText('Default language')).toHaveValue('en');

    await user.click(english);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(languages).findByText('Languages must include the default language')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['siteInfo.adminList']);

    await user.selectOptions(screen.getByLabelText('Default language'), 'Tiếng Việt');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(languages).findByText('The site must run at least one language')).toBeInTheDocument();
    expect(english).toHaveAttribute('aria-invalid', 'true');

    refusal = null;
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(GENERAL_INFO_SAVED)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'siteInfo.update').at(-1)?.input).toMatchObject({
      default_language: 'vi',
      languages: ['vi'],
    });
  });
});
