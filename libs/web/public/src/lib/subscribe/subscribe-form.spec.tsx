import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpcError } from '@blog/web/data/testing';
import { SUBSCRIPTION_LABELS, type SubscribeFormState } from '@blog/contracts';
import { renderPage } from '../../testing/render-page';
import { LanguageContext } from '../i18n/language-context';
import { SubscribeForm, SubscribeFormStateContext } from './subscribe-form';

const TOPICS = [
  { id: 1, name: 'English lessons' },
  { id: 2, name: 'Travel' },
];

function renderForm(subscribe: (input: unknown) => unknown, refused: SubscribeFormState | null = null, path = '/') {
  return renderPage(path, {
    ui: (
      <SubscribeFormStateContext value={refused}>
        <SubscribeForm />
      </SubscribeFormStateContext>
    ),
    answers: { 'subscriptions.topics': () => TOPICS, 'subscriptions.subscribe': subscribe },
  });
}

describe('SubscribeForm', () => {
  it('is an HTML form posting to /subscribe, with labelled fields, the topics ticked and a hidden honeypot', async () => {
    const { container } = renderForm(() => ({ status: 200 }), null, '/hoc-tieng-anh');
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/subscribe');
    expect(screen.getByLabelText('E-mail')).toBeRequired();
    expect(screen.getByLabelText('Name (optional)')).not.toBeRequired();
    expect(await screen.findByRole('checkbox', { name: 'Travel' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Topics' })).toBeInTheDocument();
    expect(container.querySelector('input[name="from"]')).toHaveValue('/hoc-tieng-anh');
    const honeypot = container.querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('subscribes in place with JavaScript, sending the topics chosen, and says to check the inbox', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    renderForm((input) => {
      calls.push(input);
      return { status: 200 };
    });
    await user.type(screen.getByLabelText('E-mail'), 'an@example.com');
    await user.click(await screen.findByRole('checkbox', { name: 'Travel' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SUBSCRIPTION_LABELS.checkInbox);
    expect(calls).toEqual([{ email: 'an@example.com', name: '', topics: [1], website: '' }]);
  });

  it('on a Vietnamese page, sends its language (in place and without JavaScript, to /vi/subscribe)', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    const { container } = renderPage('/vi/du-lich', {
      ui: (
        <LanguageContext value={{ language: 'vi', defaultLanguage: 'en' }}>
          <SubscribeForm />
        </LanguageContext>
      ),
      answers: {
        'subscriptions.topics': () => TOPICS,
        'subscriptions.subscribe': (input: unknown) => {
          calls.push(input);
          return { status: 200 };
        },
      },
    });
    expect(container.querySelector('form')).toHaveAttribute('action', '/vi/subscribe');
    expect(container.querySelector('input[name="language"]')).toHaveValue('vi');
    await user.type(screen.getByLabelText('Email'), 'lan@example.com');
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ email: 'lan@example.com', language: 'vi' })]);
  });

  it('shows the field the server refused, and that mail is not set up (503)', async () => {
    const user = userEvent.setup();
    let answer: 'invalid' | 'unavailable' = 'invalid';
    renderForm(() => {
      if (answer === 'invalid') {
        throw trpcError('BAD_REQUEST', 400, 'Invalid', [
          { field: 'email', message: 'Email must be a valid e-mail address' },
        ]);
      }
      throw trpcError('SERVICE_UNAVAILABLE', 503, 'E-mail subscriptions are not available');
    });
    await user.type(screen.getByLabelText('E-mail'), 'an@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    answer = 'unavailable';
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_LABELS.unavailable);
  });

  it('shows a form the server refused without JavaScript as it was typed', async () => {
    renderForm(() => ({ status: 200 }), {
      values: { email: 'an@example', name: 'An', topics: [2] },
      errors: [{ field: 'email', message: 'Email must be a valid e-mail address' }],
      refusal: 'invalid',
      from: '/hoc-tieng-anh',
    });
    expect(screen.getByLabelText('E-mail')).toHaveValue('an@example');
    // Shown on /subscribe, it still leads back to the post it was first sent from.
    expect(document.querySelector('input[name="from"]')).toHaveValue('/hoc-tieng-anh');
    expect(screen.getByLabelText('Name (optional)')).toHaveValue('An');
    expect(screen.getByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'English lessons' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Travel' })).toBeChecked();
  });

  it('says to check the inbox after the server sent the browser back with ?subscribed=1', () => {
    renderForm(() => ({ status: 200 }), null, '/?subscribed=1');
    expect(screen.getByRole('status')).toHaveTextContent(SUBSCRIPTION_LABELS.checkInbox);
  });
});
