import { screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@blog/contracts';
import { trpcError, type MemoryAnswer } from '@blog/web/data/testing';
import { renderAdmin } from '../../testing/render-admin';
import { WebhooksPage } from './webhooks-page';

const webhook = (id: number, url: string, extra: Partial<Webhook> = {}): Webhook => ({
  id,
  url,
  events: ['post.published'],
  active: true,
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
  last_delivery: null,
  ...extra,
});
const delivery = (id: string, extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  webhook_id: 1,
  event: 'post.published',
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  duration_ms: 42,
  error: null,
  created_at: '2025-02-01T08:00:00.000Z',
  last_attempt_at: '2025-02-01T08:00:01.000Z',
  ...extra,
});
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const HOOK = webhook(1, 'https://hooks.example.com/blog', {
  events: ['post.published', 'post.updated'],
  last_delivery: { status: 'failed', created_at: '2025-02-01T08:00:00.000Z' },
});
const OFF = webhook(2, 'https://other.example.com/x', { active: false });

function answersOf(webhooks: Webhook[], more: Record<string, MemoryAnswer> = {}): Record<string, MemoryAnswer> {
  return { 'webhooks.list': () => webhooks, ...more };
}

describe('WebhooksPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the webhooks: URL, events, active, last delivery', async () => {
    renderAdmin(<WebhooksPage />, { answers: answersOf([HOOK, OFF]) });
    await screen.findByText('https://hooks.example.com/blog');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['URL', 'Events', 'Active', 'Last delivery', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      'https://hooks.example.com/blog',
      'post.published, post.updated',
      'Yes',
      expect.stringMatching(/^Failed, 2025-02-01 \d\d:00$/),
    ]);
    expect(within(second).getByText('No')).toBeInTheDocument();
    expect(within(second).getByText('—')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    renderAdmin(<WebhooksPage />, { answers: answersOf([]) });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('adds a webhook with its events, checking the input before sending, and shows its secret', async () => {
    const { user, calls } = renderAdmin(<WebhooksPage />, {
      answers: answersOf([], {
        'webhooks.create': (input) => ({ ...webhook(3, (input as Webhook).url, input as Webhook), secret: SECRET }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText(/URL/), 'ftp://example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must be an http(s) URL')).toBeInTheDocument();
    expect(await within(dialog).findByText('must name at least one event')).toBeInTheDocument();
    expect(calls.some((call) => call.path === 'webhooks.create')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/URL/));
    await user.type(within(dialog).getByLabelText(/URL/), 'https://hooks.example.com/new');
    await user.click(within(dialog).getByLabelText('contact.received'));
    await user.click(within(dialog).getByLabelText('post.published'));
    expect(within(dialog).getByLabelText('Active')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === 'webhooks.create')?.input).toEqual({
      url: 'https://hooks.example.com/new',
      // In the contracts' order, whichever order they were ticked in.
      events: ['post.published', 'contact.received'],
      active: true,
    });
    expect(screen.getByText('The webhook https://hooks.example.com/new has been saved.')).toBeInTheDocument();
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent(SECRET);
  });

  it('edits a webhook, showing the server’s refusal on its field', async () => {
    const { user, calls } = renderAdmin(<WebhooksPage />, {
      answers: answersOf([HOOK], {
        'webhooks.update': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [{ field: 'url', message: 'must be an http(s) URL' }]);
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa https://hooks.example.com/blog' }));
    const dialog = screen.getByRole('dialog', { name: 'Update webhook' });
    expect(within(dialog).getByLabelText(/URL/)).toHaveValue('https://hooks.example.com/blog');
    expect(within(dialog).getByLabelText('post.updated')).toBeChecked();
    expect(within(dialog).getByLabelText('post.deleted')).not.toBeChecked();
    await user.click(within(dialog).getByLabelText('Active'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('must be an http(s) URL')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'webhooks.update')?.input).toEqual({
      id: 1,
      url: 'https://hooks.example.com/blog',
      events: ['post.published', 'post.updated'],
      active: false,
    });
  });

  it('deletes after confirmation, and not without', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user, calls } = renderAdmin(<WebhooksPage />, {
      answers: answersOf([HOOK], { 'webhooks.delete': () => ({ status: 200 }) }),
    });
    const button = await screen.findByRole('button', { name: 'Xóa https://hooks.example.com/blog' });
    await user.click(button);
    expect(calls.some((call) => call.path === 'webhooks.delete')).toBe(false);
    await user.click(button);
    expect(confirm).toHaveBeenLastCalledWith('Delete the webhook https://hooks.example.com/blog and its delivery log?');
    expect(await screen.findByText('The webhook https://hooks.example.com/blog has been deleted.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'webhooks.delete')?.input).toEqual({ id: 1 });
  });

  it('shows the secret on request', async () => {
    const { user } = renderAdmin(<WebhooksPage />, {
      answers: answersOf([HOOK], { 'webhooks.secret': () => ({ secret: SECRET }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Show secret https://hooks.example.com/blog' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET);
  });

  it('sends a test event and opens the delivery log, where a delivery is sent again', async () => {
    let sentAgain = false;
    const { user, calls } = renderAdmin(<WebhooksPage />, {
      answers: answersOf([HOOK], {
        'webhooks.sendTest': () => delivery('d-test', { event: 'webhook.test', status: 'pending', attempts: 0 }),
        'webhooks.deliveries': (): WebhookDelivery[] => [
          delivery('d-2', {
            status: sentAgain ? 'succeeded' : 'failed',
            attempts: sentAgain ? 4 : 3,
            response_status: sentAgain ? 200 : 503,
            error: sentAgain ? null : 'HTTP 503: try later',
          }),
          delivery('d-1'),
        ],
        'webhooks.resend': () => {
          sentAgain = true;
          return delivery('d-2', { status: 'pending' });
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send test event https://hooks.example.com/blog' }));
    expect(await screen.findByText('A test event has been queued: see the delivery log.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'webhooks.sendTest')?.input).toEqual({ id: 1 });

    const log = await screen.findByRole('region', { name: 'Delivery log of https://hooks.example.com/blog' });
    await within(log).findByText('HTTP 503: try later');
    const table = within(log).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'Status', 'Response', 'Attempts', 'Duration', 'Time', 'Actions']);
    const [failed, delivered] = within(table).getAllByRole('row').slice(1);
    expect(
      within(failed)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['post.published', 'Failed', 'HTTP 503: try later', '3', '42 ms']);
    expect(within(delivered).getByText('HTTP 200')).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: /^Send again/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('The delivery has been queued again.');
    expect(calls.find((call) => call.path === 'webhooks.resend')?.input).toEqual({ id: 'd-2' });
    await within(log).findByText('4');
    expect(within(log).queryByText('HTTP 503: try later')).not.toBeInTheDocument();
  });
});
