import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { fixtures, renderPage } from '../../testing/render-page';
import { LanguageRoute } from '../routing/language-route';
import { SubscribeConfirmPage, SubscribePreferencesPage } from './subscribe-pages';

/** A site that runs English (its default) and Vietnamese. */
const twoLanguages = () => [{ ...fixtures.generalInfo, languages: ['en', 'vi'] as const }];

/** The page at its Vietnamese route, as apps/web declares it. */
const inVietnamese = (path: string, page: ReactElement) => (
  <Routes>
    <Route path={path} element={<LanguageRoute language="vi">{page}</LanguageRoute>} />
  </Routes>
);

describe('the subscription pages a Vietnamese subscriber’s mails open', () => {
  it('/vi/subscribe/confirm: in Vietnamese, its button confirming on the Vietnamese page', async () => {
    const { container } = renderPage('/vi/subscribe/confirm?token=abc', {
      ui: inVietnamese('/vi/subscribe/confirm', <SubscribeConfirmPage />),
      answers: { 'siteInfo.list': twoLanguages },
    });
    expect(await screen.findByRole('button', { name: 'Xác nhận đăng ký của tôi' })).toBeInTheDocument();
    expect(container.querySelector('form[method="post"]')).toHaveAttribute('action', '/vi/subscribe/confirm');
  });

  it('/vi/subscribe/preferences: in Vietnamese, and lets the reader choose the mails’ language', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    renderPage('/vi/subscribe/preferences?token=abc', {
      ui: inVietnamese('/vi/subscribe/preferences', <SubscribePreferencesPage />),
      answers: {
        'siteInfo.list': twoLanguages,
        'subscriptions.preferences': () => ({
          email: 'lan@example.com',
          name: 'Lan',
          digest: false,
          language: 'vi',
          topics: [1],
          categories: [{ id: 1, name: 'Du lịch' }],
        }),
        'subscriptions.updatePreferences': (input: unknown) => {
          saved.push(input);
          return { status: 200 };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Đăng ký của bạn' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ngôn ngữ của email' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Tiếng Việt' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Đã lưu lựa chọn của bạn.')).toBeInTheDocument();
    expect(saved).toEqual([{ token: 'abc', topics: [1], digest: false, language: 'en' }]);
  });
});
