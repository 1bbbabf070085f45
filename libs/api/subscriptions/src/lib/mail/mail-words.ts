import type { Language } from '@blog/contracts';

/** The words of the mails to a subscriber, written in their language (`subscribers.language`). */
export interface MailWords {
  /** The locale dates are written in ("5 January 2026", "5 tháng 1, 2026"). */
  dateLocale: string;
  /** A post's mail: its button to the post. */
  readOnSite: string;
  /** Every mail's footer: why the subscriber gets it, and their links. */
  footer: {
    why: (siteName: string, topics: readonly string[]) => string;
    preferences: string;
    unsubscribe: string;
    from: (senderName: string) => string;
  };
  digest: {
    subject: (siteName: string, count: number) => string;
    heading: string;
  };
  /** The double opt-in's mail, with its link valid `days` days. */
  confirm: {
    subject: (siteName: string) => string;
    text: (mail: { name: string; siteName: string; link: string; days: number }) => string;
  };
  /** Asked again by a confirmed address: a reminder with its preferences link. */
  alreadySubscribed: {
    subject: (siteName: string) => string;
    text: (mail: { siteName: string; link: string }) => string;
  };
}

export const MAIL_WORDS: Record<Language, MailWords> = {
  en: {
    dateLocale: 'en-GB',
    readOnSite: 'Read on the site',
    footer: {
      why: (siteName, topics) =>
        topics.length > 0
          ? `You get this e-mail because you subscribed to ${topics.join(', ')} on ${siteName}.`
          : `You get this e-mail because you subscribed to ${siteName}.`,
      preferences: 'Change your topics',
      unsubscribe: 'Unsubscribe',
      from: (senderName) => `Sent by ${senderName}.`,
    },
    digest: {
      subject: (siteName, count) => `${siteName}: ${count === 1 ? 'a new post' : `${count} new posts`} this week`,
      heading: 'New this week',
    },
    confirm: {
      subject: (siteName) => `Confirm your subscription to ${siteName}`,
      text: ({ name, siteName, link, days }) =>
        `Hello${name ? ` ${name}` : ''},\n\n` +
        `Someone (we hope you) asked to receive new posts of ${siteName} by e-mail at this address. ` +
        `To confirm, open this link (valid ${days} days):\n\n${link}\n\n` +
        `If it was not you, ignore this mail: nothing more will be sent.\n`,
    },
    alreadySubscribed: {
      subject: (siteName) => `You are already subscribed to ${siteName}`,
      text: ({ siteName, link }) =>
        `Someone (we hope you) asked again to receive new posts of ${siteName} at this address, ` +
        `which is already subscribed. Change your topics or leave here:\n\n${link}\n`,
    },
  },
  vi: {
    dateLocale: 'vi-VN',
    readOnSite: 'Đọc trên trang',
    footer: {
      why: (siteName, topics) =>
        topics.length > 0
          ? `Bạn nhận được email này vì đã đăng ký theo dõi ${topics.join(', ')} trên ${siteName}.`
          : `Bạn nhận được email này vì đã đăng ký nhận bài viết của ${siteName}.`,
      preferences: 'Đổi chủ đề theo dõi',
      unsubscribe: 'Hủy đăng ký',
      from: (senderName) => `Người gửi: ${senderName}.`,
    },
    digest: {
      subject: (siteName, count) => `${siteName}: ${count} bài viết mới trong tuần này`,
      heading: 'Bài mới trong tuần',
    },
    confirm: {
      subject: (siteName) => `Xác nhận đăng ký nhận bài viết từ ${siteName}`,
      text: ({ name, siteName, link, days }) =>
        `Xin chào${name ? ` ${name}` : ''},\n\n` +
        `Có người (mong là bạn) vừa đăng ký nhận bài viết mới của ${siteName} qua email bằng địa chỉ này. ` +
        `Để xác nhận, bạn hãy mở đường dẫn sau (dùng được trong ${days} ngày):\n\n${link}\n\n` +
        `Nếu không phải bạn, hãy bỏ qua email này: chúng tôi sẽ không gửi gì thêm.\n`,
    },
    alreadySubscribed: {
      subject: (siteName) => `Bạn đã đăng ký nhận bài viết từ ${siteName} rồi`,
      text: ({ siteName, link }) =>
        `Có người (mong là bạn) vừa đăng ký lại nhận bài viết mới của ${siteName} bằng địa chỉ này, ` +
        `vốn đã được đăng ký. Bạn có thể đổi chủ đề hoặc hủy đăng ký tại đây:\n\n${link}\n`,
    },
  },
};
