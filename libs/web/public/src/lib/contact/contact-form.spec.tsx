import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpcError } from '@blog/web/data/testing';
import { deferred } from '@blog/web/ui/testing';
import type { ContactFormState } from '@blog/contracts';
import { renderPage } from '../../testing/render-page';
import { ContactForm } from './contact-form';
import {
  FAILURE_MESSAGE,
  REFUSED_MESSAGE,
  SUCCESS_BANNER_MS,
  SUCCESS_MESSAGE,
  TOO_MANY_MESSAGES,
} from './contact-messages';

function renderForm(send: (input: unknown) => unknown) {
  return renderPage('/', { ui: <ContactForm />, answers: { 'contact.send': send } });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('ContactForm', () => {
  afterEach(() => jest.useRealTimers());

  it('has the four fields of the spec, the message on 4 rows', () => {
    renderForm(() => ({ status: 200 }));
    expect(field('Name')).toHaveAttribute('type', 'text');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(field('Message')).toHaveAttribute('rows', '4');
    expect(field('Phone')).not.toBeRequired();
    for (const label of ['Name', 'Email', 'Message']) expect(field(label)).toBeRequired();
  });

  it('requires a name, a valid e-mail and a message before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm(() => ({ status: 200 }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    expect(field('Phone')).toHaveAttribute('aria-invalid', 'false');
    expect(field('Name')).toHaveFocus();

    await fill(user, { Name: 'An', Email: 'an@', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a spinner while sending, then the green banner for 7 seconds and an empty form', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const answer = deferred<unknown>();
    const { callsTo } = renderForm(() => answer.promise);

    await fill(user, { Name: '  An Nguyễn ', Email: 'an@example.com', Message: 'Xin chào!' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Sending your message…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Contact form' })).toHaveAttribute('aria-busy', 'true');
    // The same rule as the server: trimmed values, an empty phone.
    expect(callsTo('contact.send').map((call) => call.input)).toEqual([
      { name: 'An Nguyễn', email: 'an@example.com', phone: '', message: 'Xin chào!', from: '/' },
    ]);

    await act(async () => answer.resolve({ status: 200 }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(SUCCESS_MESSAGE)).toHaveClass('contact-form__banner--success');
    expect(screen.queryByText('Sending your message…')).not.toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Phone', 'Message']) expect(field(label)).toHaveValue('');

    act(() => jest.advanceTimersByTime(SUCCESS_BANNER_MS - 1));
    expect(screen.getByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(SUCCESS_MESSAGE)).not.toBeInTheDocument();
  });

  it('says so when sending failed, and keeps every word typed', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    renderForm(() => {
      attempts += 1;
      if (attempts === 1) throw trpcError('INTERNAL_SERVER_ERROR', 500);
      return { status: 200 };
    });
    await fill(user, { Name: 'An', Email: 'an@example.com', Phone: '0901', Message: 'A long message' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE_MESSAGE);
    expect(screen.queryByText(SUCCESS_MESSAGE)).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('An');
    expect(field('Phone')).toHaveValue('0901');
    expect(field('Message')).toHaveValue('A long message');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when to try again after too many messages (429), and keeps every word typed', async () => {
    const user = userEvent.setup();
    let limited = true;
    renderForm(() => {
      if (limited) {
        throw trpcError('TOO_MANY_REQUESTS', 429, 'Too many messages', undefined, { retryAfterSeconds: 9 * 60 + 30 });
      }
      return { status: 200 };
    });
    await fill(user, { Name: 'An', Email: 'an@example.com', Phone: '0901', Message: 'A long message' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TOO_MANY_MESSAGES('10 minutes'));
    expect(alert).toHaveTextContent('Please try again in 10 minutes: what you wrote is kept.');
    expect(screen.queryByText(SUCCESS_MESSAGE)).not.toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Phone', 'Message'])
      expect(field(label)).toHaveAttribute('aria-invalid', 'false');
    expect(field('Name')).toHaveValue('An');
    expect(field('Email')).toHaveValue('an@example.com');
    expect(field('Phone')).toHaveValue('0901');
    expect(field('Message')).toHaveValue('A long message');

    limited = false;
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says to try again later after too many messages when the server names no wait', async () => {
    const user = userEvent.setup();
    renderForm(() => {
      throw trpcError('TOO_MANY_REQUESTS', 429);
    });
    await fill(user, { Name: 'An', Email: 'an@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again later: what you wrote is kept.');
    expect(field('Message')).toHaveValue('Hello');
  });

  it('shows the fields the server refused beside them', async () => {
    const user = userEvent.setup();
    renderForm(() => {
      throw trpcError('BAD_REQUEST', 400, 'Invalid input', [{ field: 'email', message: 'This address bounces' }]);
    });
    await fill(user, { Name: 'An', Email: 'an@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address bounces')).toBeInTheDocument();
    await waitFor(() => expect(field('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSED_MESSAGE);
    expect(field('Email')).toHaveValue('an@example.com');
  });

  describe('before the script runs, or without it', () => {
    const sentBack = (state: Partial<ContactFormState> = {}): ContactFormState => ({
      values: { name: 'Bình', email: 'binh@', phone: '', message: 'Xin chào, tôi cần một trang web' },
      errors: [{ field: 'email', message: 'Email must be a valid e-mail address' }],
      refusal: 'invalid',
      ...state,
    });

    it('is an HTML form posted to its own page', () => {
      renderPage('/contact', { ui: <ContactForm />, hydrate: {} });
      const form = screen.getByRole('form', { name: 'Contact form' });
      expect(form).toHaveAttribute('method', 'post');
      expect(form).toHaveAttribute('action', '/contact');
      expect(form).toHaveAttribute('id', 'contact-form');
      expect([...form.querySelectorAll('input, textarea')].map((element) => element.getAttribute('name'))).toEqual([
        'name',
        'email',
        'phone',
        'message',
        'from',
      ]);
    });

    it('posts to / from the home page', () => {
      renderPage('/', { ui: <ContactForm /> });
      expect(screen.getByRole('form', { name: 'Contact form' })).toHaveAttribute('action', '/');
    });

    it('shows a form the server sent back with what was typed, its errors and the first wrong field focused', () => {
      renderPage('/contact', { ui: <ContactForm />, contactForm: sentBack(), hydrate: {} });
      expect(field('Name')).toHaveValue('Bình');
      expect(field('Email')).toHaveValue('binh@');
      expect(field('Message')).toHaveValue('Xin chào, tôi cần một trang web');
      expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Email')).toHaveAccessibleDescription('Email must be a valid e-mail address');
      expect(field('Name')).toHaveAttribute('aria-invalid', 'false');
      // The browser focuses it as it reads the page (jsdom does not).
      expect(field('Email')).toHaveAttribute('autofocus');
      expect(field('Name')).not.toHaveAttribute('autofocus');
      expect(screen.getByRole('alert')).toHaveTextContent(REFUSED_MESSAGE);
    });

    it('says when to try again for a form the server refused as too many, keeping the text', () => {
      renderPage('/', {
        ui: <ContactForm />,
        contactForm: sentBack({ errors: [], refusal: 'tooMany', retryAfterSeconds: 3600 }),
      });
      expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_MESSAGES('60 minutes'));
      expect(field('Email')).toHaveValue('binh@');
      expect(field('Name')).toHaveFocus();
      expect(field('Email')).toHaveAttribute('aria-invalid', 'false');
    });

    it('says to send again when the server could not store it', () => {
      renderPage('/', { ui: <ContactForm />, contactForm: sentBack({ errors: [], refusal: 'failed' }) });
      expect(screen.getByRole('alert')).toHaveTextContent(FAILURE_MESSAGE);
    });

    it('sends a form sent back, once corrected, with the script, and then empties it', async () => {
      const user = userEvent.setup();
      const { callsTo } = renderPage('/contact', {
        ui: <ContactForm />,
        contactForm: sentBack(),
        answers: { 'contact.send': () => ({ status: 200 }) },
      });
      await user.type(field('Email'), 'example.com');
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
      expect(callsTo('contact.send').map((call) => call.input)).toEqual([
        {
          name: 'Bình',
          email: 'binh@example.com',
          phone: '',
          message: 'Xin chào, tôi cần một trang web',
          from: '/contact',
        },
      ]);
      for (const label of ['Name', 'Email', 'Phone', 'Message']) expect(field(label)).toHaveValue('');
    });

    it('thanks for 7 seconds on the page the server sent the browser back to (?sent=1)', () => {
      jest.useFakeTimers();
      renderPage('/contact?sent=1', { ui: <ContactForm />, hydrate: {} });
      expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGE);
      expect(screen.getByText(SUCCESS_MESSAGE)).toHaveClass('contact-form__banner--success');
      act(() => jest.advanceTimersByTime(SUCCESS_BANNER_MS));
      expect(screen.queryByText(SUCCESS_MESSAGE)).not.toBeInTheDocument();
    });
  });
});
