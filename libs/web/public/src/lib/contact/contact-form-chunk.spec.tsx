import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpcError } from '@blog/web/data/testing';
import { renderPage } from '../../testing/render-page';
import { ContactForm } from './contact-form';
import { REFUSED_MESSAGE, SUCCESS_MESSAGE } from './contact-messages';

// The in-page check's chunk cannot be fetched (offline, or a deploy replaced it).
jest.mock('./contact-validation', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/contact-validation-abc.js');
});

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('ContactForm without its validation chunk', () => {
  it('sends what was typed and lets the server check it', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage('/', { ui: <ContactForm />, answers: { 'contact.send': () => ({ status: 200 }) } });
    await user.type(field('Name'), 'An');
    await user.type(field('Email'), 'an@example.com');
    await user.type(field('Message'), 'Xin chào!');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(callsTo('contact.send').map((call) => call.input)).toEqual([
      { name: 'An', email: 'an@example.com', phone: '', message: 'Xin chào!', from: '/' },
    ]);
  });

  it("shows the server's refusals beside the fields", async () => {
    const user = userEvent.setup();
    renderPage('/', {
      ui: <ContactForm />,
      answers: {
        'contact.send': () => {
          throw trpcError('BAD_REQUEST', 400, 'Invalid input', [{ field: 'name', message: 'Name is required' }]);
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSED_MESSAGE);
    expect(field('Name')).toHaveFocus();
  });
});
