import { screen, waitFor, within } from '@testing-library/react';
import type {
  Category,
  Subscriber,
  SubscriberCounts,
  SubscriberImportResult,
  SubscriberList,
  Suppression,
} from '@blog/contracts';
import { trpcError } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { SUBSCRIBERS_EXPORT_HREF, SubscribersPage } from './subscribers-page';

const category = (id: number, name: string): Category => ({
  id,
  name,
  slug: name.toLowerCase(),
  description: '',
  subscribable: true,
  updated_at: '2026-01-05T10:00:00.000Z',
  version: 1,
  language: 'en',
  translations: [],
});
const CATEGORIES = [category(1, 'Travel'), category(2, 'Poems'), category(3, 'Lessons')];
const COUNTS: SubscriberCounts = {
  states: { pending: 2, confirmed: 40, unsubscribed: 5, suppressed: 1 },
  topics: [
    { id: 1, name: 'Travel', confirmed: 30 },
    { id: 3, name: 'Lessons', confirmed: 25 },
  ],
};
const LAN: Subscriber = {
  id: 7,
  email: 'lan@example.com',
  name: 'Lan',
  state: 'confirmed',
  digest: false,
  topics: [1, 3],
  consent_source: 'form',
  consent_at: '2026-03-01T08:00:00.000Z',
  consent_note: '',
  confirmed_at: '2026-03-01T08:05:00.000Z',
  soft_bounces: 0,
  language: 'en',
  created_at: '2026-03-01T08:00:00.000Z',
};
const MINH: Subscriber = {
  ...LAN,
  id: 8,
  email: 'minh@example.com',
  name: '',
  state: 'pending',
  digest: true,
  topics: [2],
  consent_source: 'import',
  consent_note: 'Mailchimp list, double opt-in, 2019-2026',
  confirmed_at: null,
  language: 'vi',
};
const BOUNCED: Suppression = {
  id: 'a'.repeat(64),
  email_hint: 'h•••@gmail.com',
  reason: 'hard_bounce',
  detail: '550 5.1.1 user unknown',
  created_at: '2026-03-02T09:00:00.000Z',
};
const page = (rows: Partial<SubscriberList>): SubscriberList => ({
  subscribers: [],
  suppressions: [],
  total: (rows.subscribers?.length ?? 0) + (rows.suppressions?.length ?? 0),
  page: 1,
  page_size: 50,
  ...rows,
});

/** The screen with the answers every load needs; `answers` adds or replaces some. */
function renderSubscribers(answers: Record<string, (input: unknown) => unknown> = {}) {
  return renderAdmin(<SubscribersPage />, {
    path: '/admin/subscribers',
    route: '/admin/subscribers',
    answers: {
      'subscribers.list': () => page({ subscribers: [LAN, MINH] }),
      'subscribers.counts': () => COUNTS,
      'categories.list': () => CATEGORIES,
      ...answers,
    },
  });
}

const listInputs = (calls: Array<{ path: string; input: unknown }>) =>
  calls.filter((call) => call.path === 'subscribers.list').map((call) => call.input);

describe('SubscribersPage', () => {
  it('lists the subscribers with their topics, consent, digest and language, the states with their counts, and the export', async () => {
    renderSubscribers();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'Name', 'State', 'Topics', 'Consent', 'Digest', 'Language', 'Actions']);
    const [, lan, minh] = within(table).getAllByRole('row');
    expect(within(lan).getByRole('cell', { name: 'en' })).toBeInTheDocument();
    expect(within(minh).getByRole('cell', { name: 'vi' })).toBeInTheDocument();
    expect(within(lan).getByRole('cell', { name: 'Travel, Lessons' })).toBeInTheDocument();
    expect(within(lan).getByRole('cell', { name: 'Confirmed' })).toBeInTheDocument();
    expect(within(lan).getByRole('cell', { name: 'Each post' })).toBeInTheDocument();
    expect(within(lan).getByRole('cell', { name: /^Subscribe form, 2026-03-01/ })).toBeInTheDocument();
    expect(within(minh).getByRole('cell', { name: 'Pending' })).toBeInTheDocument();
    expect(within(minh).getByRole('cell', { name: 'Weekly digest' })).toBeInTheDocument();
    expect(within(minh).getByText('Mailchimp list, double opt-in, 2019-2026')).toBeInTheDocument();

    const states = screen.getByRole('group', { name: 'State' });
    expect(
      within(states)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All (42)', 'Pending (2)', 'Confirmed (40)', 'Unsubscribed (5)', 'Suppressed (1)']);
    expect(within(states).getByRole('button', { name: 'All (42)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', SUBSCRIBERS_EXPORT_HREF);
  });

  it('shows no Language column on a site of one language', async () => {
    renderSubscribers({ 'siteInfo.list': () => [{ default_language: 'en', languages: ['en'] }] });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'Name', 'State', 'Topics', 'Consent', 'Digest', 'Actions']);
  });

  it('filters by state, topic and a search on the server, from page 1', async () => {
    const { user, calls } = renderSubscribers();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Pending (2)' }));
    await waitFor(() => expect(listInputs(calls).at(-1)).toEqual({ state: 'pending', page: 1 }));
    expect(screen.getByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByLabelText('Topic'), 'Lessons (25 confirmed)');
    await waitFor(() => expect(listInputs(calls).at(-1)).toEqual({ state: 'pending', topic: 3, page: 1 }));

    await user.type(screen.getByRole('searchbox', { name: 'Search by address or name' }), ' lan ');
    await waitFor(() => expect(listInputs(calls).at(-1)).toEqual({ state: 'pending', topic: 3, q: 'lan', page: 1 }));

    // Emptied, the search is gone; All shows every state again.
    await user.clear(screen.getByRole('searchbox', { name: 'Search by address or name' }));
    await waitFor(() => expect(listInputs(calls).at(-1)).toEqual({ state: 'pending', topic: 3, page: 1 }));
    await user.click(screen.getByRole('button', { name: 'All (42)' }));
    await waitFor(() => expect(listInputs(calls).at(-1)).toEqual({ topic: 3, page: 1 }));
  });

  it('lists the suppressions with their reason in words, and allows one again', async () => {
    let suppressions = [BOUNCED];
    const { user, calls } = renderSubscribers({
      'subscribers.list': (input) =>
        page((input as { state?: string }).state === 'suppressed' ? { suppressions } : { subscribers: [LAN] }),
      'subscribers.restoreSuppression': () => {
        suppressions = [];
        return { status: 200 };
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Suppressed (1)' }));
    const cell = await screen.findByRole('cell', { name: 'h•••@gmail.com' });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Address', 'Reason', 'Detail', 'Date', 'Actions']);
    expect(within(table).getByRole('cell', { name: 'Bounced: the address does not exist' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '550 5.1.1 user unknown' })).toBeInTheDocument();
    // Suppressions have no topics: the topic filter says so.
    expect(screen.getByLabelText('Topic')).toBeDisabled();
    expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription(
      'Unsubscribed and suppressed addresses have no topics.',
    );

    await user.click(
      within(cell.closest('tr') as HTMLElement).getByRole('button', { name: 'Allow again h•••@gmail.com' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('h•••@gmail.com may subscribe or be imported again.');
    expect(calls.find((call) => call.path === 'subscribers.restoreSuppression')?.input).toEqual({ id: BOUNCED.id });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'h•••@gmail.com' })).not.toBeInTheDocument());
    // The counts are asked again.
    expect(calls.filter((call) => call.path === 'subscribers.counts')).toHaveLength(2);
  });

  it('removes a subscriber after the dialog, suppressing the address when asked', async () => {
    let rows = [LAN, MINH];
    const { user, calls } = renderSubscribers({
      'subscribers.list': () => page({ subscribers: rows }),
      'subscribers.remove': () => {
        rows = [MINH];
        return { status: 200 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove lan@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove lan@example.com?' });
    const suppress = within(dialog).getByRole('checkbox', { name: 'Also never mail this address again' });
    expect(suppress).not.toBeChecked();
    expect(suppress).toHaveFocus();
    await user.click(suppress);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('lan@example.com has been removed.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === 'subscribers.remove')?.input).toEqual({ id: 7, suppress: true });
    await waitFor(() => expect(screen.queryByText('lan@example.com')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the reason when the removal is refused, and Cancel calls nothing', async () => {
    const { user, calls } = renderSubscribers({
      'subscribers.remove': () => {
        throw trpcError('NOT_FOUND', 404, 'Subscriber not found');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove lan@example.com' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Subscriber not found');
    expect(calls.find((call) => call.path === 'subscribers.remove')?.input).toEqual({ id: 7, suppress: false });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'subscribers.remove')).toHaveLength(1);
  });

  it('says when there is nobody yet, and when nobody matches the filters', async () => {
    const { user } = renderSubscribers({ 'subscribers.list': () => page({}) });
    expect(await screen.findByText(/^No subscribers yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmed (40)' }));
    expect(await screen.findByText('No address matches these filters.')).toBeInTheDocument();
  });
});

describe('SubscribersPage: Import', () => {
  const csv = (text: string, name = 'members.csv') => new File([text], name, { type: 'text/csv' });
  const RESULT: SubscriberImportResult = {
    format: 'mailchimp',
    added: 3,
    existing: 1,
    suppressed: 2,
    invalid: [
      { line: 4, reason: 'not an e-mail address: "lan at example"' },
      { line: 9, reason: 'The address is on line 2 already' },
    ],
    invalid_total: 140,
    confirmations_sent: 0,
  };

  it('checks the file and the note before calling the server', async () => {
    const { user, calls } = renderSubscribers();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import subscribers' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'These people already agreed to receive my posts' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Choose a CSV file')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^How they agreed/)).toHaveAccessibleDescription(
      expect.stringContaining('Say how they agreed'),
    );
    expect(within(dialog).getByText(/^Say how these addresses opted in/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'subscribers.import')).toBe(false);
  });

  it('sends the file with the topics, a confirmation link by default, and shows the result', async () => {
    const { user, calls } = renderSubscribers({ 'subscribers.import': () => ({ ...RESULT, confirmations_sent: 3 }) });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import subscribers' });
    expect(within(dialog).getByRole('checkbox', { name: 'Send them a confirmation link' })).toBeChecked();
    await user.upload(
      within(dialog).getByLabelText(/^CSV file/),
      csv('Email Address,First Name\nlan@example.com,Lan\n'),
    );
    const topics = within(dialog).getByRole('group', { name: 'Topics' });
    await user.click(within(topics).getByRole('checkbox', { name: 'Lessons' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Read as: Mailchimp.');
    expect(calls.find((call) => call.path === 'subscribers.import')?.input).toEqual({
      csv: 'Email Address,First Name\nlan@example.com,Lan\n',
      already_opted_in: false,
      consent_note: '',
      topics: [3],
      send_confirmation: true,
    });
    const result = within(dialog).getByRole('region', { name: 'Result' });
    expect(within(result).getByText('Added').nextSibling).toHaveTextContent('3');
    expect(within(result).getByText('Left out: unsubscribed or suppressed').nextSibling).toHaveTextContent('2');
    expect(within(result).getByText('Confirmation links sent').nextSibling).toHaveTextContent('3');
    expect(within(result).getByText('140 lines could not be read (the first 2 below):')).toBeInTheDocument();
    expect(within(result).getByText('Line 4: not an e-mail address: "lan at example"')).toBeInTheDocument();
    // The list and its counts are asked again.
    await waitFor(() => expect(calls.filter((call) => call.path === 'subscribers.counts')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('records how people already agreed, and puts the server refusal on the file', async () => {
    let refuse = true;
    const { user, calls } = renderSubscribers({
      'subscribers.import': () => {
        if (refuse) {
          refuse = false;
          throw trpcError('BAD_REQUEST', 400, 'No e-mail column', [
            { field: 'csv', message: 'The file has no e-mail column (Email Address, email)' },
          ]);
        }
        return RESULT;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Import subscribers' });
    await user.upload(within(dialog).getByLabelText(/^CSV file/), csv('name\nLan\n'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'These people already agreed to receive my posts' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Send them a confirmation link' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^How they agreed/), 'Substack, 2024');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('The file has no e-mail column (Email Address, email)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^CSV file/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Read as: Mailchimp.');
    expect(calls.filter((call) => call.path === 'subscribers.import').at(-1)?.input).toMatchObject({
      already_opted_in: true,
      consent_note: 'Substack, 2024',
      topics: [],
    });
  });
});
