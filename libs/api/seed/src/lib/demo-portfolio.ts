import type { ProjectInput, ServiceInput, TestimonialInput } from '@blog/contracts';

/**
 * The demo portfolio seeded on an empty site: four projects written up as case studies, three services
 * and three clients' words (one for each of the first three projects), in English; in Vietnamese, the
 * Mây Homestay case study and the three services, each linked to its English version, and Chị Mây's
 * words. Cover file names refer to files in the `assets` folder beside this file. Everything is checked
 * by the same schemas as an admin's save.
 */

/** A demo record in another language than the default, and the slug of its English version (`translationOf`). */
interface Translatable {
  translationOf?: string;
}

export interface DemoProject extends Omit<ProjectInput, 'service_ids'>, Translatable {
  slug: string;
  /** The slugs of the demo services it used (the portfolio's service filter). */
  services: string[];
  /** A file name in the assets folder. */
  cover: string;
  /** How long ago it was published, in days. */
  daysAgo: number;
}

export interface DemoTestimonial extends Omit<TestimonialInput, 'project_id'> {
  /** The slug of the demo project it is about. */
  project: string;
}

/** Joins HTML fragments written one block per line. */
const html = (...parts: string[]): string => parts.join('');

export const demoProjects: DemoProject[] = [
  {
    title: 'A direct booking site for Mây Homestay, Đà Lạt',
    slug: 'may-homestay-booking-site',
    services: ['website-for-a-small-business', 'web-app-development'],
    client_name: 'Mây Homestay',
    year_from: 2025,
    role: 'Design and full-stack development',
    team_size: 1,
    stack: ['next.js', 'typescript', 'postgresql', 'vnpay', 'tailwind-css'],
    summary:
      'Six rooms, one owner and booking requests scattered over Zalo, Facebook and two travel agencies: now guests see the free nights, book and pay a deposit on one page.',
    cover: 'demo-project-homestay-booking.jpg',
    cover_alt: 'Mây Homestay booking site',
    problem: html(
      '<p>Chị Mây runs a six-room homestay above the pine hills of Đà Lạt. Every booking started as a message: on Zalo, on Facebook, by phone. She kept the calendar in a notebook and answered questions until midnight, and still two guests were once given the same room on a holiday weekend.</p>',
      '<p>The travel agencies brought guests, but kept 18 % of every night. She wanted guests who already knew her to book directly, without her having to be online all the time.</p>',
    ),
    approach: html(
      '<p>We spent a morning at the homestay writing down how a booking really happens: which questions guests ask, when she asks for a deposit, what she does when someone cancels. The site follows that, step by step.</p>',
      '<ul>',
      '<li>A calendar of free nights per room, updated the moment a deposit is paid, and a daily export the agencies read so that nothing is booked twice.</li>',
      '<li>A 30 % deposit by bank transfer through VNPay QR, and a confirmation e-mail and Zalo message in Vietnamese or English.</li>',
      '<li>A small admin screen on her phone to block nights, change prices for Tết and see who arrives today.</li>',
      '</ul>',
      '<p>Photos were compressed and served in the sizes a phone needs, so the site opens quickly even on the mountain road’s 3G.</p>',
    ),
    outcome: html(
      '<p>Three months after launch, most returning guests book on the site and the double booking has not happened again. Chị Mây answers messages in the morning instead of at night, and the deposit has cut last-minute cancellations by half.</p>',
    ),
    results: [
      { label: 'Direct bookings', value: '+38 %' },
      { label: 'Time to confirm a booking', value: '4 h → 2 min' },
      { label: 'Commission paid to agencies', value: '−22 %' },
    ],
    featured: true,
    sort_order: 1,
    meta_description: 'Case study: a direct booking site with deposits by VNPay QR for a six-room homestay in Đà Lạt.',
    daysAgo: 20,
  },
  {
    title: 'A speaking practice web app for Cô Hạnh’s English classes',
    slug: 'english-speaking-practice-app',
    services: ['web-app-development'],
    client_name: 'Hạnh English Class',
    year_from: 2024,
    year_to: 2025,
    role: 'Full-stack developer',
    team_size: 2,
    stack: ['react', 'nestjs', 'postgresql', 'web-audio'],
    summary:
      'Students record short answers at home, the teacher listens and comments in one place: speaking practice between two classes a week, without a single Zalo voice message.',
    cover: 'demo-project-english-lessons-app.jpg',
    cover_alt: 'English speaking practice app',
    problem: html(
      '<p>Cô Hạnh teaches English to 120 teenagers and adults in Biên Hòa. Her students understood grammar well but froze when they had to speak. Homework came back as voice messages in a dozen Zalo groups; she spent her Sunday scrolling through them and could never find last week’s answer to compare.</p>',
    ),
    approach: html(
      '<p>With a designer friend, I built a web app that works in the phone’s browser, so nobody had to install anything:</p>',
      '<ul>',
      '<li>Each lesson has five prompts; the student records an answer of up to one minute per prompt, listens to it and may try again.</li>',
      '<li>The teacher hears the answers class by class, leaves a written or spoken comment and marks the words to practise.</li>',
      '<li>A weekly streak and a page of the student’s own recordings, month by month, so progress can be heard.</li>',
      '</ul>',
      '<p>Recordings are compressed in the browser before upload, which keeps the storage bill small and makes uploading work on a weak connection.</p>',
    ),
    outcome: html(
      '<p>After one term, far more students practise every week, and grading takes an evening instead of a weekend. Parents ask for the recordings page at the end-of-term meeting.</p>',
    ),
    results: [
      { label: 'Students practising weekly', value: '61 % → 87 %' },
      { label: 'Teacher’s grading time', value: '6 h → 2 h a week' },
      { label: 'Running cost', value: 'under 400,000 đ a month' },
    ],
    featured: true,
    sort_order: 2,
    meta_description: 'Case study: a browser-based speaking practice app for an English teacher and her 120 students.',
    daysAgo: 55,
  },
  {
    title: 'WordPress speed rescue for a Sài Gòn coffee roaster',
    slug: 'wordpress-speed-rescue-coffee-roaster',
    services: ['wordpress-speed-and-security-rescue'],
    client_name: 'Rang Xay Coffee',
    year_from: 2024,
    role: 'Performance consultant',
    team_size: 1,
    stack: ['wordpress', 'woocommerce', 'php', 'cloudflare'],
    summary:
      'A WooCommerce shop that took four seconds to show anything on a phone: fast again in two weeks, on the same hosting plan.',
    cover: 'demo-project-wordpress-speed-rescue.jpg',
    cover_alt: 'WordPress speed rescue',
    problem: html(
      '<p>Rang Xay sells roasted beans online to cafés and home brewers. Their WooCommerce shop had grown for five years: 43 plugins, three page builders, photos straight from the camera. On a phone, the home page took more than four seconds to appear, and Google Ads reported that most mobile visitors left before it did.</p>',
    ),
    approach: html(
      '<p>I measured first, on a real mid-range Android phone and with PageSpeed Insights, and wrote down each figure so we could compare afterwards.</p>',
      '<ol>',
      '<li>Removed 19 plugins that were unused or did the same thing twice, and replaced two page builders with the block editor for the pages that needed them.</li>',
      '<li>Resized and converted 2,400 product photos to WebP, and set up lazy loading below the fold.</li>',
      '<li>Cleaned the database of eight years of revisions and expired sessions, and added page caching with Cloudflare in front.</li>',
      '</ol>',
      '<p>Every change went to a staging copy first, and the shop stayed open the whole time.</p>',
    ),
    outcome: html(
      '<p>The shop now loads in under a second on a phone, on the same hosting plan. Mobile orders rose the month after, and the team can edit pages without waiting for the editor to load.</p>',
    ),
    results: [
      { label: 'Page load', value: '4.1 s → 0.9 s' },
      { label: 'PageSpeed score (mobile)', value: '31 → 92' },
      { label: 'Plugins', value: '43 → 24' },
    ],
    featured: true,
    sort_order: 3,
    meta_description: 'Case study: a WooCommerce shop made fast again in two weeks, from 4.1 s to 0.9 s on a phone.',
    daysAgo: 95,
  },
  {
    title: 'An online shop for a Hội An tailor',
    slug: 'hoi-an-tailor-online-shop',
    services: ['website-for-a-small-business'],
    client_name: 'Tiệm may Thu',
    year_from: 2023,
    role: 'Developer and trainer',
    team_size: 1,
    stack: ['astro', 'typescript', 'momo', 'google-sheets'],
    summary:
      'A small shop for made-to-measure áo dài: customers abroad send their measurements and pay, the tailor keeps her products in a spreadsheet she already knew.',
    cover: 'demo-project-small-shop.jpg',
    cover_alt: 'Online shop for a tailor',
    problem: html(
      '<p>Chị Thu’s customers are tourists who leave Hội An before their second fitting, then write to order again from home. She had no shop online and took orders by e-mail, with measurements in photos of handwritten notes.</p>',
    ),
    approach: html(
      '<p>A fast, static shop in Vietnamese and English, built with Astro. Products come from a Google Sheet she edits herself; a measurement form with drawings guides the customer, and payment is by card or MoMo. I spent two afternoons with her until she could add a product alone.</p>',
    ),
    outcome: html(
      '<p>Orders from abroad now arrive complete, with measurements she can trust, and she adds a new fabric in a few minutes from her phone.</p>',
    ),
    results: [
      { label: 'Orders from abroad', value: '0 → 25 a month' },
      { label: 'Time to add a product', value: 'under 3 min' },
    ],
    featured: false,
    sort_order: 4,
    meta_description: 'Case study: a bilingual online shop for a Hội An tailor, with measurements and MoMo payment.',
    daysAgo: 160,
  },
  {
    title: 'Trang đặt phòng trực tiếp cho Mây Homestay, Đà Lạt',
    slug: 'trang-dat-phong-may-homestay',
    language: 'vi',
    translationOf: 'may-homestay-booking-site',
    services: ['website-cho-doanh-nghiep-nho', 'phat-trien-ung-dung-web'],
    client_name: 'Mây Homestay',
    year_from: 2025,
    role: 'Thiết kế và lập trình toàn bộ',
    team_size: 1,
    stack: ['next.js', 'typescript', 'postgresql', 'vnpay', 'tailwind-css'],
    summary:
      'Sáu phòng, một chủ nhà và những tin nhắn đặt phòng rải rác trên Zalo, Facebook và hai đại lý du lịch: giờ khách xem được đêm nào còn trống, đặt phòng và chuyển cọc ngay trên một trang.',
    cover: 'demo-project-homestay-booking.jpg',
    cover_alt: 'Trang đặt phòng của Mây Homestay',
    problem: html(
      '<p>Chị Mây có một homestay sáu phòng trên đồi thông Đà Lạt. Lượt đặt phòng nào cũng bắt đầu bằng một tin nhắn: qua Zalo, qua Facebook hay một cuộc gọi. Chị ghi lịch vào sổ tay, trả lời khách đến tận nửa đêm, vậy mà vẫn có lần hai đoàn khách được xếp vào cùng một phòng đúng dịp lễ.</p>',
      '<p>Các đại lý du lịch mang khách đến nhưng giữ lại 18 % tiền phòng mỗi đêm. Chị muốn những vị khách đã biết mình có thể đặt thẳng với chị, mà chị không phải lúc nào cũng kè kè chiếc điện thoại.</p>',
    ),
    approach: html(
      '<p>Chúng tôi dành một buổi sáng ở homestay để ghi lại một lượt đặt phòng thật sự diễn ra thế nào: khách hay hỏi gì, lúc nào chị xin cọc, khách huỷ thì chị làm gì. Trang web đi theo đúng từng bước ấy.</p>',
      '<ul>',
      '<li>Lịch đêm trống của từng phòng, cập nhật ngay khi khách chuyển cọc, kèm một bản xuất mỗi ngày cho các đại lý đọc, nên không phòng nào bị đặt trùng.</li>',
      '<li>Đặt cọc 30 % bằng chuyển khoản qua mã VNPay QR, sau đó khách nhận email và tin nhắn Zalo xác nhận bằng tiếng Việt hoặc tiếng Anh.</li>',
      '<li>Một màn hình quản lý nhỏ trên điện thoại để chị khoá đêm, đổi giá dịp Tết và xem hôm nay có ai đến.</li>',
      '</ul>',
      '<p>Ảnh được nén và cắt đúng kích thước điện thoại cần, nên trang vẫn mở nhanh cả khi khách chỉ có sóng 3G trên đường đèo.</p>',
    ),
    outcome: html(
      '<p>Ba tháng sau khi ra mắt, phần lớn khách quay lại đã tự đặt phòng trên trang, và chuyện đặt trùng phòng không còn xảy ra nữa. Chị Mây trả lời tin nhắn vào buổi sáng thay vì lúc nửa đêm, còn khoản đặt cọc đã giúp số lượt huỷ phút chót giảm một nửa.</p>',
    ),
    results: [
      { label: 'Lượt đặt phòng trực tiếp', value: '+38 %' },
      { label: 'Thời gian xác nhận một lượt đặt', value: '4 giờ → 2 phút' },
      { label: 'Hoa hồng trả cho đại lý', value: '−22 %' },
    ],
    featured: true,
    sort_order: 1,
    meta_description:
      'Dự án: trang đặt phòng trực tiếp, nhận cọc qua mã VNPay QR, cho một homestay sáu phòng ở Đà Lạt.',
    daysAgo: 20,
  },
];

export type DemoService = ServiceInput & Translatable & { slug: string };

export const demoServices: DemoService[] = [
  {
    name: 'Website for a small business',
    slug: 'website-for-a-small-business',
    summary:
      'A clear, fast site in Vietnamese and English for a homestay, a café, a shop or a practice: it says what you do and how to reach you, and you can change it yourself.',
    deliverables: [
      'Design in Figma, with two rounds of changes',
      'Responsive site in Vietnamese and English',
      'Contact form, Zalo button and Google Maps',
      'On-page SEO and Google Search Console set-up',
      'One hour of training and a written guide',
    ],
    duration: '3–5 weeks',
    price_vnd: 15_000_000,
    price_usd: 600,
  },
  {
    name: 'WordPress speed and security rescue',
    slug: 'wordpress-speed-and-security-rescue',
    summary:
      'Your WordPress or WooCommerce site made fast and safe again, measured before and after, on the hosting you already pay for.',
    deliverables: [
      'Audit with before and after figures',
      'Caching, image and database clean-up',
      'Plugin review, updates and removal of what is unused',
      'Daily backups and uptime monitoring',
    ],
    duration: '1–2 weeks',
    price_vnd: 5_000_000,
    price_usd: 200,
  },
  {
    name: 'Web app development',
    slug: 'web-app-development',
    summary:
      'A web app built around how your work really happens: bookings, lessons, orders or an internal tool, from the first workshop to launch and beyond.',
    deliverables: [
      'Discovery workshop and a written scope',
      'A demo every two weeks',
      'Automated tests and deployment',
      'Three months of fixes after launch',
    ],
    duration: '2–4 months',
    price_vnd: null,
  },
  {
    name: 'Website cho doanh nghiệp nhỏ',
    slug: 'website-cho-doanh-nghiep-nho',
    language: 'vi',
    translationOf: 'website-for-a-small-business',
    summary:
      'Một trang web rõ ràng, nhanh, bằng tiếng Việt và tiếng Anh cho homestay, quán cà phê, cửa hàng hay phòng khám: nói rõ bạn làm gì, khách liên hệ với bạn ra sao, và bạn tự sửa được nội dung.',
    deliverables: [
      'Thiết kế trên Figma, kèm hai lần chỉnh sửa',
      'Trang web hiển thị tốt trên mọi màn hình, bằng tiếng Việt và tiếng Anh',
      'Form liên hệ, nút Zalo và bản đồ Google Maps',
      'Tối ưu SEO trên trang và cài đặt Google Search Console',
      'Một giờ hướng dẫn sử dụng và tài liệu viết sẵn',
    ],
    duration: '3–5 tuần',
    price_vnd: 15_000_000,
    price_usd: 600,
  },
  {
    name: 'Cứu tốc độ và bảo mật WordPress',
    slug: 'cuu-toc-do-va-bao-mat-wordpress',
    language: 'vi',
    translationOf: 'wordpress-speed-and-security-rescue',
    summary:
      'Trang WordPress hay WooCommerce của bạn nhanh và an toàn trở lại, có số liệu đo trước và sau, ngay trên gói hosting bạn đang dùng.',
    deliverables: [
      'Kiểm tra toàn diện, có số liệu trước và sau',
      'Bộ nhớ đệm, tối ưu ảnh và dọn dẹp cơ sở dữ liệu',
      'Rà soát, cập nhật plugin và gỡ những gì không dùng đến',
      'Sao lưu hằng ngày và theo dõi trang có hoạt động hay không',
    ],
    duration: '1–2 tuần',
    price_vnd: 5_000_000,
    price_usd: 200,
  },
  {
    name: 'Phát triển ứng dụng web',
    slug: 'phat-trien-ung-dung-web',
    language: 'vi',
    translationOf: 'web-app-development',
    summary:
      'Một ứng dụng web xây quanh đúng cách bạn làm việc: đặt phòng, lớp học, đơn hàng hay một công cụ nội bộ, từ buổi trao đổi đầu tiên đến ngày ra mắt và cả sau đó.',
    deliverables: [
      'Buổi trao đổi tìm hiểu nhu cầu và bản mô tả phạm vi công việc',
      'Bản demo hai tuần một lần',
      'Kiểm thử và triển khai tự động',
      'Ba tháng sửa lỗi sau khi ra mắt',
    ],
    duration: '2–4 tháng',
    price_vnd: null,
  },
];

export const demoTestimonials: DemoTestimonial[] = [
  {
    name: 'Nguyễn Thị Mây',
    role: 'Owner',
    company: 'Mây Homestay',
    quote:
      'I used to answer booking messages until midnight. Now guests book and pay on the site, and I wake up to confirmations instead of questions.',
    project: 'may-homestay-booking-site',
    consented_on: '2025-04-12',
  },
  {
    name: 'Trần Mỹ Hạnh',
    role: 'English teacher',
    company: 'Hạnh English Class',
    quote:
      'My students really practise between classes now. Phương explained every choice in plain words and never made me feel silly for asking.',
    project: 'english-speaking-practice-app',
    consented_on: '2025-01-20',
  },
  {
    name: 'Lê Quốc Bảo',
    role: 'Co-founder',
    company: 'Rang Xay Coffee',
    quote:
      'Our shop went from painfully slow to instant on a phone, without changing host. Mobile orders went up the very next month.',
    project: 'wordpress-speed-rescue-coffee-roaster',
    consented_on: '2024-10-05',
  },
  {
    name: 'Nguyễn Thị Mây',
    role: 'Chủ homestay',
    company: 'Mây Homestay',
    quote:
      'Trước đây tối nào tôi cũng trả lời tin nhắn đặt phòng đến nửa đêm. Giờ khách tự đặt và chuyển cọc trên trang, sáng ra tôi chỉ việc đọc xác nhận.',
    project: 'trang-dat-phong-may-homestay',
    consented_on: '2025-04-12',
    language: 'vi',
  },
];
