import type { AvailabilityState, Language } from '@blog/contracts';

/**
 * Demo content seeded on an empty database: seven categories (Story and its Vietnamese
 * version, Du lịch), nineteen posts (one hidden; two stories also written in Vietnamese, and
 * one post in Vietnamese alone), the About page and the general site information. Image
 * file names refer to files in the `assets` folder beside this file.
 *
 * Content HTML keeps to the tags the editor and the sanitiser accept: p, h2, h3, strong,
 * em, u, a, ul, ol, li, blockquote, pre > code, br and colour-only span styles.
 */

export interface DemoCategory {
  slug: string;
  name: string;
  /** Under its name on the home page's tiles. */
  description?: string;
  /** Absent: the site's default language (English). */
  language?: Language;
  /** The slug of the category it is the translation of. */
  translationOf?: string;
}

export interface DemoPost {
  /** Slug of one of demoCategories. */
  category: string;
  title: string;
  /** a-z0-9- only, unique. */
  slug: string;
  /** HTML. */
  content: string;
  /** HTML, 1-2 sentences in a <p>. */
  short_content: string;
  meta_title: string;
  /** At most 160 characters. */
  meta_description: string;
  /** Comma separated. */
  meta_keywords: string;
  /** A file name in the assets folder. */
  thumbnail: string | null;
  color: string | null;
  price: string | null;
  /** True for exactly one post. */
  hidden?: boolean;
  /** How long ago the post was last updated, in days (distinct values, 1..120). */
  daysAgo: number;
  /** Absent: the site's default language (English); its category is in the same language. */
  language?: Language;
  /** The slug of the post it is the translation of. */
  translationOf?: string;
}

/** Joins HTML fragments written one block per line. */
const html = (...parts: string[]): string => parts.join('');

export const demoCategories: DemoCategory[] = [
  { slug: 'tieng-anh', name: 'Tiếng Anh', description: 'Practical English lessons for Vietnamese learners.' },
  { slug: 'story', name: 'Story', description: 'Slow trips by bus and motorbike across Vietnam.' },
  { slug: 'poem', name: 'Poem', description: 'Small moments, mostly written in cafés.' },
  { slug: 'seo', name: 'SEO' },
  { slug: 'computing-tips', name: 'Computing Tips' },
  { slug: 'wordpress', name: 'WordPress' },
  {
    slug: 'du-lich',
    name: 'Du lịch',
    description: 'Những chuyến đi chậm bằng xe khách và xe máy khắp Việt Nam.',
    language: 'vi',
    translationOf: 'story',
  },
];

export const demoPosts: DemoPost[] = [
  // ---------------------------------------------------------------- Tiếng Anh
  {
    category: 'tieng-anh',
    title: 'Học tiếng Anh giao tiếp: 10 mẫu câu chào hỏi',
    slug: 'hoc-tieng-anh-giao-tiep-10-mau-cau-chao-hoi',
    content: html(
      '<p>Chào các bạn! Khi mới bắt đầu <strong>học tiếng Anh giao tiếp</strong>, nhiều bạn chỉ quen nói "Hello, how are you?" rồi đáp "I\'m fine, thank you, and you?". Câu này không sai, nhưng người bản xứ hiếm khi nói như vậy. Hôm nay mình chia sẻ 10 mẫu câu chào hỏi tự nhiên hơn mà mình dùng hằng ngày khi làm việc với khách hàng nước ngoài.</p>',
      '<h2>Chào hỏi thân mật (informal)</h2>',
      '<ul>',
      "<li><strong>Hey, how's it going?</strong> – Ê, dạo này sao rồi?</li>",
      '<li><strong>What\'s up?</strong> – Có gì mới không? Trả lời đơn giản: "Not much, you?"</li>',
      '<li><strong>How have you been?</strong> – Dạo này bạn thế nào? Dùng khi lâu rồi mới gặp lại.</li>',
      '<li><strong>Long time no see!</strong> – Lâu quá không gặp!</li>',
      '<li><strong>Good to see you again.</strong> – Rất vui được gặp lại bạn.</li>',
      '</ul>',
      '<h2>Chào hỏi lịch sự (formal)</h2>',
      '<ul>',
      '<li><strong>Good morning. How are you today?</strong> – Chào buổi sáng, hôm nay anh/chị thế nào?</li>',
      "<li><strong>It's a pleasure to meet you.</strong> – Rất hân hạnh được gặp anh/chị.</li>",
      "<li><strong>Nice to meet you. I'm Phương, a web developer.</strong> – Giới thiệu ngắn gọn tên và nghề nghiệp.</li>",
      '<li><strong>How do you do?</strong> – Rất trang trọng, ngày nay ít dùng; người nghe cũng đáp lại bằng "How do you do?".</li>',
      "<li><strong>I've heard a lot about you.</strong> – Tôi đã nghe nhiều về anh/chị.</li>",
      '</ul>',
      '<h3>Mẹo nhỏ khi trả lời</h3>',
      '<p>Với câu "How\'s it going?", bạn <u>không cần</u> trả lời dài dòng: "Good, thanks!" hoặc "Pretty good, you?" là đủ. <span style="color: #e60000">Lưu ý:</span> đừng đáp "What\'s up?" bằng "I\'m fine" nhé, nghe hơi lạ tai đấy.</p>',
      '<blockquote>Practice makes perfect – hãy thử dùng một mẫu câu mới mỗi ngày.</blockquote>',
      '<p>Muốn nghe cách phát âm, bạn có thể tra từng câu trên <a href="https://dictionary.cambridge.org/">Cambridge Dictionary</a>. Bài sau mình sẽ chia sẻ các câu tạm biệt (<em>saying goodbye</em>). See you soon!</p>',
    ),
    short_content:
      '<p>Đừng chỉ nói "How are you? – I\'m fine, thank you". Đây là 10 mẫu câu chào hỏi tự nhiên, từ thân mật đến lịch sự, mà người bản xứ dùng hằng ngày.</p>',
    meta_title: 'Học tiếng Anh giao tiếp: 10 mẫu câu chào hỏi tự nhiên',
    meta_description:
      '10 mẫu câu chào hỏi tiếng Anh tự nhiên cho người Việt, từ thân mật đến lịch sự, kèm nghĩa tiếng Việt và mẹo trả lời.',
    meta_keywords: 'học tiếng Anh, tiếng Anh giao tiếp, mẫu câu chào hỏi, greetings in English',
    thumbnail: 'demo-hoc-tieng-anh-giao-tiep-10-mau-cau-chao-hoi.jpg',
    color: 'Blue',
    price: 'Free',
    daysAgo: 2,
  },
  {
    category: 'tieng-anh',
    title: 'Present Perfect hay Past Simple? Cách phân biệt dễ nhớ',
    slug: 'present-perfect-hay-past-simple',
    content: html(
      '<p>Đây có lẽ là câu hỏi mình nhận được nhiều nhất từ các bạn đọc: <em>"Khi nào dùng <strong>Present Perfect</strong>, khi nào dùng <strong>Past Simple</strong>?"</em> Tiếng Việt không chia thì, nên chúng ta thường nói "Tôi đã ăn rồi" cho mọi trường hợp. Trong tiếng Anh thì khác.</p>',
      '<h2>Quy tắc cốt lõi</h2>',
      '<p>Hãy tự hỏi: <u>thời điểm có quan trọng không, và nó đã kết thúc chưa?</u></p>',
      '<ul>',
      '<li><strong>Past Simple</strong>: hành động xảy ra tại một thời điểm <em>đã kết thúc</em> trong quá khứ. Thường đi với <em>yesterday, last year, in 2019, two days ago</em>.</li>',
      '<li><strong>Present Perfect</strong>: hành động có liên quan đến hiện tại, hoặc thời điểm không quan trọng. Thường đi với <em>already, yet, ever, never, since, for</em>.</li>',
      '</ul>',
      '<h2>Ví dụ so sánh</h2>',
      '<ul>',
      '<li><strong>I visited Hội An last summer.</strong> – Tôi đã đến Hội An vào mùa hè năm ngoái (thời điểm rõ ràng, đã qua).</li>',
      '<li><strong>I have visited Hội An three times.</strong> – Tôi đã đến Hội An ba lần (kinh nghiệm tính đến bây giờ).</li>',
      '<li><strong>She lived in Đà Nẵng for five years.</strong> – Cô ấy từng sống ở Đà Nẵng năm năm (giờ không sống ở đó nữa).</li>',
      '<li><strong>She has lived in Đà Nẵng for five years.</strong> – Cô ấy sống ở Đà Nẵng được năm năm rồi (và vẫn đang sống ở đó).</li>',
      '</ul>',
      '<h3>Lỗi hay gặp</h3>',
      '<p><span style="color: #e60000">Sai:</span> <em>I have seen that film yesterday.</em><br><strong>Đúng:</strong> <em>I saw that film yesterday.</em></p>',
      '<p>Có <em>yesterday</em> là có thời điểm cụ thể đã kết thúc, nên phải dùng Past Simple.</p>',
      '<blockquote>Mẹo nhớ: nếu câu trả lời cho "When?" đã nằm sẵn trong câu, hãy chọn Past Simple.</blockquote>',
      '<p>Bạn hãy thử viết ba câu về bản thân với mỗi thì và để lại cho mình xem nhé. Mình sẽ sửa giúp!</p>',
    ),
    short_content:
      '<p>Tiếng Việt không chia thì nên người Việt rất hay nhầm Present Perfect với Past Simple. Một câu hỏi đơn giản giúp bạn chọn đúng thì mỗi lần.</p>',
    meta_title: 'Present Perfect hay Past Simple? Cách phân biệt dễ nhớ',
    meta_description:
      'Phân biệt Present Perfect và Past Simple cho người Việt: quy tắc cốt lõi, ví dụ so sánh và những lỗi hay gặp.',
    meta_keywords: 'present perfect, past simple, ngữ pháp tiếng Anh, thì trong tiếng Anh',
    thumbnail: 'demo-present-perfect-hay-past-simple.jpg',
    color: null,
    price: null,
    daysAgo: 33,
  },
  {
    category: 'tieng-anh',
    title: '5 lỗi phát âm tiếng Anh người Việt hay mắc',
    slug: '5-loi-phat-am-tieng-anh-nguoi-viet-hay-mac',
    content: html(
      '<p>Sau vài năm dạy kèm và làm việc với khách hàng quốc tế, mình nhận ra người Việt thường mắc cùng một nhóm lỗi phát âm. Tin vui là chỉ cần sửa năm lỗi dưới đây, bạn sẽ nói dễ nghe hơn rất nhiều.</p>',
      '<h2>1. Bỏ âm cuối (ending sounds)</h2>',
      '<p>Tiếng Việt gần như không có phụ âm cuối bật hơi, nên ta hay nói <em>"nai"</em> thay vì <strong>nice</strong>, hay <em>"wók"</em> thay vì <strong>worked</strong>. Hãy tập đọc chậm và phát âm rõ âm cuối: /s/, /t/, /d/, /k/.</p>',
      '<h2>2. Nhầm /s/ và /ʃ/</h2>',
      '<p><strong>see</strong> và <strong>she</strong>, <strong>sip</strong> và <strong>ship</strong> là những cặp từ khác nghĩa hoàn toàn. Với /ʃ/, hãy tròn môi và đẩy hơi như khi nói "suỵt".</p>',
      '<h2>3. Âm /θ/ và /ð/</h2>',
      '<p>Từ <strong>think</strong> không phải là "tinh", và <strong>this</strong> không phải là "đít". Đặt nhẹ đầu lưỡi giữa hai hàm răng rồi thổi hơi ra.</p>',
      '<h2>4. Quên trọng âm (word stress)</h2>',
      '<p>Tiếng Việt mỗi âm tiết một thanh, còn tiếng Anh dồn lực vào một âm tiết. Ví dụ: <u>PHO</u>tograph, pho<u>TO</u>grapher, photo<u>GRA</u>phic. <span style="color: #e60000">Sai trọng âm đôi khi khiến người nghe không hiểu bạn nói từ gì.</span></p>',
      '<h2>5. Đọc từng từ rời rạc</h2>',
      '<p>Người bản xứ nối âm: <em>"turn it off"</em> nghe như "tur-ni-toff". Hãy nghe và nhại theo (shadowing) một đoạn ngắn mỗi ngày.</p>',
      '<h3>Bài tập cho tuần này</h3>',
      '<ol>',
      '<li>Ghi âm mình đọc 10 câu ngắn.</li>',
      '<li>So sánh với bản đọc mẫu trên <a href="https://youglish.com/">YouGlish</a>.</li>',
      '<li>Chọn một lỗi để sửa trong 7 ngày.</li>',
      '</ol>',
      '<p>Đừng cố sửa tất cả cùng lúc. Mỗi tuần một lỗi là đủ, sau hai tháng bạn sẽ thấy khác biệt rõ rệt. Good luck!</p>',
    ),
    short_content:
      '<p>Bỏ âm cuối, nhầm /s/ với /ʃ/, quên trọng âm... Năm lỗi phát âm phổ biến nhất của người Việt và cách luyện để sửa từng lỗi một.</p>',
    meta_title: '5 lỗi phát âm tiếng Anh người Việt hay mắc và cách sửa',
    meta_description:
      'Năm lỗi phát âm tiếng Anh phổ biến của người Việt: âm cuối, /s/ và /ʃ/, /θ/, trọng âm, nối âm, kèm bài tập luyện mỗi tuần.',
    meta_keywords: 'phát âm tiếng Anh, pronunciation, lỗi phát âm, luyện nói tiếng Anh',
    thumbnail: 'demo-5-loi-phat-am-tieng-anh-nguoi-viet-hay-mac.jpg',
    color: 'Orange',
    price: '199.000 VND',
    daysAgo: 80,
  },

  // ---------------------------------------------------------------- Story
  {
    category: 'story',
    title: 'Hà Giang in buckwheat season: four days on the mountain loop',
    slug: 'ha-giang-buckwheat-season-mountain-loop',
    content: html(
      '<p>I left Hà Nội on a night bus with a backpack, a rain jacket and no real plan. Six hours later I stepped out into cold mountain air in Hà Giang town, rented a semi-automatic Honda and promised my mother I would ride slowly. I mostly kept that promise.</p>',
      '<h2>Day 1: Quản Bạ and the Heaven Gate</h2>',
      '<p>The road climbs quickly. At <strong>Cổng Trời Quản Bạ</strong> the valley opens below you, with the two rounded hills the locals call <em>Núi Đôi</em>. A woman selling boiled corn laughed at my Vietnamese-with-a-Saigon-accent and gave me an extra cob.</p>',
      '<h2>Day 2: Đồng Văn old quarter</h2>',
      '<p>Grey stone houses, lanterns, and the smell of <em>thắng cố</em> at the Sunday market. I spent the evening drinking corn wine with two Dutch cyclists, switching between English and my very bad Dutch.</p>',
      '<h2>Day 3: Mã Pì Lèng Pass</h2>',
      '<p>Everyone says it, and everyone is right: the pass is <span style="color: #e60000">breathtaking</span>. The Nho Quế river is a thin green ribbon far below. I stopped every two kilometres to take photos and to let my hands stop shaking.</p>',
      '<blockquote>Some roads are not for arriving anywhere. They are for remembering that you are small.</blockquote>',
      '<h2>Day 4: pink fields on the way back</h2>',
      '<p>In late October the <strong>buckwheat flowers</strong> (<em>hoa tam giác mạch</em>) cover the slopes in pink and white. Children sell small bunches by the road for a few thousand đồng.</p>',
      '<h3>Practical notes</h3>',
      '<ul>',
      '<li>Best time: October to early November for the flowers.</li>',
      '<li>Bring warm clothes; nights drop below 10°C.</li>',
      '<li>If you are not confident on a bike, hire an <u>easy rider</u> – there is no shame in it.</li>',
      '</ul>',
      '<p>I came home sunburnt, tired and already planning the next trip north.</p>',
    ),
    short_content:
      '<p>A night bus, a rented Honda and four days of mountain passes, stone villages and pink buckwheat fields in the far north of Vietnam.</p>',
    meta_title: 'Hà Giang in buckwheat season: four days on the mountain loop',
    meta_description:
      'A four-day motorbike trip around the Hà Giang loop in buckwheat season: Quản Bạ, Đồng Văn, Mã Pì Lèng Pass and practical tips.',
    meta_keywords: 'Hà Giang, Hà Giang loop, buckwheat flowers, Mã Pì Lèng, Vietnam travel',
    thumbnail: 'demo-ha-giang-buckwheat-season-mountain-loop.jpg',
    color: null,
    price: null,
    daysAgo: 5,
  },
  {
    category: 'story',
    title: 'A slow week in Hội An: lanterns, tailors and cao lầu',
    slug: 'a-slow-week-in-hoi-an',
    content: html(
      '<p>Most people give Hội An two days. I gave it a week, a laptop and a small guesthouse by the rice fields of Cẩm Thanh, and it turned out to be one of the most productive and peaceful weeks of my working year.</p>',
      '<h2>Mornings: work with a view</h2>',
      "<p>I started coding at six, when the air was still cool and the only noise was a neighbour's rooster. By ten the sun was serious, so I closed the laptop and cycled into town.</p>",
      '<h2>The old town before the crowds</h2>',
      '<p>If you want the yellow walls and wooden shopfronts to yourself, go <strong>before eight in the morning</strong>. The Japanese Covered Bridge is quiet, the tailors are just opening their doors, and the old women selling <em>bánh mì</em> have time to chat.</p>',
      '<h2>Food I still dream about</h2>',
      '<ul>',
      '<li><strong>Cao lầu</strong> – chewy noodles, pork and crispy croutons, only truly made here.</li>',
      '<li><strong>Cơm gà</strong> – chicken rice cooked in broth, with lots of herbs.</li>',
      '<li><strong>White rose dumplings</strong> (<em>bánh bao bánh vạc</em>) – delicate and sweet.</li>',
      '</ul>',
      '<h2>Evenings on the Thu Bồn river</h2>',
      '<p>At night the river fills with paper lanterns. It is touristy, yes, but letting a small candle float away and making a wish still felt <u>strangely moving</u>. <span style="color: #e60000">Tip:</span> walk to the far end of An Hội islet, where the crowds thin out.</p>',
      '<blockquote>Hội An does not hurry, and after a few days, neither do you.</blockquote>',
      '<p>I did have a shirt made by a tailor on Lê Lợi street. It took two fittings and fits better than anything I own. If you go, read the <a href="https://vietnam.travel/places-to-go/central-vietnam/hoi-an">official guide</a> first, then throw away the schedule.</p>',
    ),
    short_content:
      '<p>Most travellers give Hội An two days. I stayed a week, worked in the mornings and spent the afternoons among yellow walls, tailors and river lanterns.</p>',
    meta_title: 'A slow week in Hội An: lanterns, tailors and cao lầu',
    meta_description:
      'Working remotely for a week in Hội An: quiet mornings in the old town, the food worth the trip, and evenings on the Thu Bồn river.',
    meta_keywords: 'Hội An, slow travel, digital nomad Vietnam, cao lầu, Vietnam travel',
    thumbnail: 'demo-a-slow-week-in-hoi-an.jpg',
    color: null,
    price: null,
    daysAgo: 41,
  },
  {
    category: 'story',
    title: 'Đà Lạt in the rain: coffee, pine hills and a borrowed jacket',
    slug: 'da-lat-in-the-rain',
    content: html(
      '<p>I arrived in Đà Lạt in the middle of the rainy season, which every guidebook tells you not to do. The bus dropped me off under a grey sky, and within ten minutes I was soaked. It was the best mistake of the year.</p>',
      '<h2>The city smells of pine</h2>',
      "<p>After Sài Gòn, the cold air felt unreal. The hills around <strong>Xuân Hương Lake</strong> are covered with pine trees, and when it rains the whole city smells like a forest. My guesthouse owner, chị Lan, took one look at me and lent me her husband's old army jacket. I wore it for five days.</p>",
      '<h2>Café hopping</h2>',
      '<p>Đà Lạt has more cafés than it has streets, I think. My favourites were the small wooden ones on the hillsides, where you sit with a <em>cà phê sữa nóng</em> and watch the clouds move through the valley. Rainy afternoons are made for this.</p>',
      '<ul>',
      '<li>Try <strong>sữa đậu nành</strong> (hot soy milk) with <em>bánh tráng nướng</em> at the night market.</li>',
      '<li>Walk to the old <u>Đà Lạt railway station</u>, one of the prettiest in Vietnam.</li>',
      '<li>Visit the flower farms in Thái Phiên village when the rain stops.</li>',
      '</ul>',
      '<blockquote>Rain changes a city. It slows people down and makes strangers share umbrellas.</blockquote>',
      '<h3>Should you go in the rainy season?</h3>',
      '<p>Yes, if you like quiet streets and cheaper rooms. <span style="color: #e60000">Bring real rain gear</span> and plan indoor mornings: the rain usually comes in the afternoon and stops by evening.</p>',
      '<p>I returned the jacket on my last day. Chị Lan told me to keep it for next time. It is still hanging by my door.</p>',
    ),
    short_content:
      '<p>Everyone said not to visit Đà Lạt in the rainy season. I went anyway, and found pine-scented streets, hillside cafés and a borrowed army jacket.</p>',
    meta_title: 'Đà Lạt in the rain: coffee, pine hills and a borrowed jacket',
    meta_description:
      'Visiting Đà Lạt in the rainy season: pine-scented hills, hillside cafés, night market snacks, and why the rain is worth it.',
    meta_keywords: 'Đà Lạt, Dalat rainy season, Vietnam cafés, Vietnam travel, travel story',
    thumbnail: 'demo-da-lat-in-the-rain.jpg',
    color: null,
    price: null,
    daysAgo: 92,
  },

  // ---------------------------------------------------------------- Poem
  {
    category: 'poem',
    title: 'Rain over Sài Gòn',
    slug: 'rain-over-sai-gon',
    content: html(
      '<p><em>Written on a café balcony in District 3, during the first big storm of the season.</em></p>',
      "<p>At four o'clock the sky remembers<br>",
      'that it has somewhere else to be,<br>',
      'and lets go of everything at once –<br>',
      'the heat, the dust, the waiting.</p>',
      '<p>Motorbikes bloom into raincoats,<br>',
      'blue and red and see-through plastic,<br>',
      'a thousand small tents moving<br>',
      'down Nam Kỳ Khởi Nghĩa like a tide.</p>',
      '<p>The woman selling <em>bánh mì</em><br>',
      'pulls her cart under the awning<br>',
      'and counts the drops like coins,<br>',
      'patient, as if she owns the afternoon.</p>',
      '<p>I hold my coffee with both hands.<br>',
      'The ice melts faster than my thoughts.<br>',
      'Somewhere a child is laughing<br>',
      'at the water running past her sandals.</p>',
      '<p>And then, just like it came,<br>',
      'the rain is gone. The street steams.<br>',
      'The city shakes itself like a dog<br>',
      'and <strong>goes back to being loud</strong>.</p>',
      '<h3>A note</h3>',
      '<p>Sài Gòn rain is never polite. It arrives without warning and leaves without saying goodbye, and I love it for that. If you are learning English, try reading this poem aloud: notice how the short lines slow you down, the way <u>the rain slows the city</u>.</p>',
    ),
    short_content:
      '<p>A short poem about the first big storm of the rainy season, watched from a café balcony in Sài Gòn.</p>',
    meta_title: 'Rain over Sài Gòn – a poem',
    meta_description:
      'A poem about an afternoon storm in Sài Gòn: raincoats, street vendors, iced coffee and a city that shakes itself dry.',
    meta_keywords: 'poem, Sài Gòn, rain, Vietnam poetry, English poem',
    thumbnail: 'demo-rain-over-sai-gon.jpg',
    color: null,
    price: null,
    daysAgo: 9,
  },
  {
    category: 'poem',
    title: 'Tết away from home',
    slug: 'tet-away-from-home',
    content: html(
      '<p><em>For everyone who spent Lunar New Year far from their family.</em></p>',
      '<p>This year the apricot blossoms<br>',
      'are on my phone screen,<br>',
      'sent by my mother at midnight<br>',
      'with three heart emojis and a blurry photo.</p>',
      '<p>I can almost smell the <em>bánh chưng</em>,<br>',
      'the green leaves boiling all night,<br>',
      'my father pretending not to sleep<br>',
      'beside the fire, guarding the pot.</p>',
      '<p>Here the streets are ordinary.<br>',
      'No firecrackers, no red envelopes,<br>',
      'only a neighbour who nods at me<br>',
      'and does not know what day it is.</p>',
      '<p>So I cook a small pot of rice,<br>',
      'light a stick of incense by the window,<br>',
      'and say the names of everyone I love<br>',
      'out loud, <strong>one by one</strong>, to an empty room.</p>',
      '<p>Next year, I tell the screen,<br>',
      'I will be there before the new moon.<br>',
      'My mother types: <em>"Con nhớ ăn uống đầy đủ."</em><br>',
      'Remember to eat well. That is all she asks.</p>',
      '<blockquote>Home is not a place you leave. It is a place that keeps calling you back.</blockquote>',
      '<p>I wrote this during the first Tết I spent abroad, working for a client in another time zone. If you are away from home this year too, <span style="color: #e60000">chúc mừng năm mới</span> – happy new year. Call your mother.</p>',
    ),
    short_content:
      "<p>A poem for everyone spending Lunar New Year far from their family, with apricot blossoms on a phone screen and a mother's simple wish.</p>",
    meta_title: 'Tết away from home – a poem',
    meta_description:
      'A poem about spending Tết, the Lunar New Year, far away from family: bánh chưng, incense, and a message from mother.',
    meta_keywords: 'poem, Tết, Lunar New Year, homesick, Vietnam poetry',
    thumbnail: 'demo-tet-away-from-home.jpg',
    color: null,
    price: null,
    daysAgo: 48,
  },
  {
    category: 'poem',
    title: 'The night ferry on the Mekong',
    slug: 'the-night-ferry-on-the-mekong',
    content: html(
      '<p><em>Cần Thơ, crossing the Hậu river after dark.</em></p>',
      '<p>The ferry hums like an old refrigerator,<br>',
      'patient, a little out of tune,<br>',
      'carrying motorbikes and baskets of mangoes<br>',
      'and one tired traveller across the dark.</p>',
      '<p>The river does not care where we are going.<br>',
      'It has been going somewhere for ten thousand years,<br>',
      'brown and wide and full of islands<br>',
      'that drift like slow green boats.</p>',
      '<p>A man beside me smokes in silence.<br>',
      'His daughter sleeps on a sack of rice,<br>',
      'her hand still holding a plastic bag<br>',
      'with two fish that are not quite dead.</p>',
      '<p>On the far bank, a karaoke bar<br>',
      'sings a love song badly, beautifully,<br>',
      'and the lights of the town<br>',
      'shiver in the water like small fish.</p>',
      '<p>When we bump against the dock,<br>',
      'everyone moves at once,<br>',
      'engines starting, voices rising,<br>',
      'and the river keeps <strong>its own counsel</strong>.</p>',
      '<h3>Why I wrote it</h3>',
      '<p>The Mekong Delta was the first place I travelled alone. I did not take many photos, but I remember that ferry crossing better than any temple or market. Sometimes <u>the in-between moments</u> are the trip. For English learners: <em>"keep one\'s own counsel"</em> means to keep your thoughts to yourself – <span style="color: #e60000">giữ kín suy nghĩ của mình</span>.</p>',
    ),
    short_content:
      '<p>A poem about crossing the Mekong by ferry at night: mangoes, motorbikes, a sleeping child and a river that keeps its own counsel.</p>',
    meta_title: 'The night ferry on the Mekong – a poem',
    meta_description:
      'A travel poem about a night ferry crossing in Cần Thơ, in the Mekong Delta, with a short note for English learners.',
    meta_keywords: 'poem, Mekong Delta, Cần Thơ, travel poem, English poem',
    thumbnail: 'demo-the-night-ferry-on-the-mekong.jpg',
    color: null,
    price: null,
    daysAgo: 105,
  },

  // ---------------------------------------------------------------- SEO
  {
    category: 'seo',
    title: 'On-page SEO checklist for small business websites',
    slug: 'on-page-seo-checklist-small-business',
    content: html(
      '<p>Most of my clients are small businesses: a homestay, a dental clinic, an English centre. They do not need an agency retainer. They need the basics done right. This is the checklist I run on every site before launch.</p>',
      '<h2>1. One clear topic per page</h2>',
      '<p>Each page should answer one search intent. A page called "Services" that lists twelve things ranks for none of them. Split it into focused pages.</p>',
      '<h2>2. Title tags and headings</h2>',
      '<ul>',
      '<li>Put the main keyword near the start of the <strong>title tag</strong>, and keep it under about 60 characters.</li>',
      '<li>Use exactly <u>one H1</u> per page, and H2/H3 for sections in a logical order.</li>',
      '<li>Write for people first: "Homestay in Đà Lạt near the lake" beats "Homestay | Best | Cheap | Đà Lạt".</li>',
      '</ul>',
      '<h2>3. Meta description</h2>',
      '<p>It does not change rankings directly, but it changes <em>clicks</em>. Summarise the page in one honest sentence with a reason to click.</p>',
      '<h2>4. Fast, mobile-friendly pages</h2>',
      '<p>Most Vietnamese visitors browse on a phone, often on 4G. Compress images, lazy-load anything below the fold and check your site with <a href="https://pagespeed.web.dev/">PageSpeed Insights</a>.</p>',
      '<h2>5. Internal links</h2>',
      '<p>Link related pages together with descriptive anchor text. "Read our price list" is better than "click here".</p>',
      '<h2>6. Structured data</h2>',
      '<p>Add <strong>LocalBusiness</strong> or <strong>Article</strong> schema where it fits. It helps search engines understand the page and can earn rich results.</p>',
      '<blockquote>SEO is not a trick. It is making a page that is easy to understand, for people and for machines.</blockquote>',
      '<p><span style="color: #e60000">Bonus:</span> submit your sitemap in Google Search Console on launch day, then check the coverage report a week later.</p>',
    ),
    short_content:
      '<p>The on-page SEO checklist I run on every small business site before launch: focused pages, good titles, fast mobile pages and structured data.</p>',
    meta_title: 'On-page SEO checklist for small business websites',
    meta_description:
      'A practical on-page SEO checklist for small business websites: focused pages, title tags, meta descriptions, speed, internal links and schema.',
    meta_keywords: 'on-page SEO, SEO checklist, small business SEO, title tag, structured data',
    thumbnail: 'demo-on-page-seo-checklist-small-business.jpg',
    color: null,
    price: null,
    daysAgo: 14,
  },
  {
    category: 'seo',
    title: 'How to write meta descriptions people actually click',
    slug: 'write-meta-descriptions-people-click',
    content: html(
      '<p>A meta description is the short text under your title in search results. Google rewrites it often, but when it uses yours, a good one can double your click-through rate. Here is how I write them for clients.</p>',
      '<h2>Keep it short and complete</h2>',
      '<p>Aim for <strong>120 to 155 characters</strong>. Longer text gets cut off with "...", and a sentence that stops in the middle looks careless.</p>',
      '<h2>Match the search intent</h2>',
      '<p>Ask what the searcher wants right now. Someone searching "học tiếng Anh online miễn phí" wants free lessons, not your company history. Say clearly that the page gives them what they came for.</p>',
      '<h2>Include the keyword naturally</h2>',
      '<p>Search engines <em>bold</em> the words that match the query, which draws the eye. Use the main keyword once, in a normal sentence.</p>',
      '<h2>Give a reason to click</h2>',
      '<ul>',
      '<li>A number: "7 tips", "in 10 minutes".</li>',
      '<li>A benefit: "without a developer", "free template included".</li>',
      '<li>A detail that makes it specific: a place, a price, a year.</li>',
      '</ul>',
      '<h3>Before and after</h3>',
      '<p><span style="color: #e60000">Before:</span> <em>Welcome to our website. We provide many services for customers.</em></p>',
      '<p><strong>After:</strong> <em>Affordable WordPress websites for small shops in Vietnam. Fixed price, live in two weeks, free SEO setup included.</em></p>',
      '<h3>Do not</h3>',
      '<ul>',
      '<li>Copy the same description onto every page.</li>',
      '<li>Stuff in a list of keywords.</li>',
      '<li>Promise something the page <u>does not deliver</u>.</li>',
      '</ul>',
      '<p>Write it last, after the page is finished, when you know exactly what it offers. Then read it aloud: if it sounds like an advert nobody would believe, start again.</p>',
    ),
    short_content:
      '<p>Google often rewrites meta descriptions, but a good one still earns more clicks. Length, intent, keywords and a real reason to click.</p>',
    meta_title: 'How to write meta descriptions people actually click',
    meta_description:
      'Write meta descriptions that earn clicks: the right length, matching search intent, natural keywords and a clear reason to click.',
    meta_keywords: 'meta description, SEO copywriting, click-through rate, search snippet',
    thumbnail: null,
    color: null,
    price: null,
    daysAgo: 56,
  },

  // ---------------------------------------------------------------- Computing tips
  {
    category: 'computing-tips',
    title: 'Back up your projects automatically with rsync and cron',
    slug: 'back-up-projects-rsync-cron',
    content: html(
      "<p>Last year a client's laptop died two days before a deadline. We lost nothing, because every evening her project folder was copied to an external drive by a three-line script. Here is the same setup, for Linux or macOS.</p>",
      '<h2>Step 1: a backup script</h2>',
      '<p>Create <strong>~/bin/backup.sh</strong> with the following content. Change the two paths to match your machine.</p>',
      '<pre><code class="language-bash">#!/usr/bin/env bash\n',
      'set -euo pipefail\n',
      '\n',
      'SRC="$HOME/projects/"\n',
      'DEST="/media/backup/projects/"\n',
      '\n',
      'rsync -a --delete --exclude node_modules --exclude .cache "$SRC" "$DEST"\n',
      'echo "Backup finished: $(date)"\n',
      '</code></pre>',
      '<p>The <em>-a</em> flag keeps permissions and timestamps; <em>--delete</em> removes files from the backup that you deleted locally, so the copy stays an exact mirror. <span style="color: #e60000">Run it once by hand and check the result before you trust it.</span></p>',
      '<h2>Step 2: make it executable and schedule it</h2>',
      '<pre><code class="language-bash">chmod +x ~/bin/backup.sh\n',
      'crontab -e\n',
      '# then add this line to run it every day at 21:00\n',
      '0 21 * * * $HOME/bin/backup.sh &gt;&gt; $HOME/backup.log 2&gt;&amp;1\n',
      '</code></pre>',
      '<h2>Step 3: check the log</h2>',
      "<p>Once a week, open <strong>~/backup.log</strong> and make sure the last line has yesterday's date. A backup you never check is only a hope.</p>",
      '<h3>Going further</h3>',
      '<ul>',
      "<li>Use a second, <u>off-site</u> copy too: a cloud drive or a friend's server over SSH.</li>",
      '<li>For versioned backups, look at <a href="https://restic.net/">restic</a>.</li>',
      '<li>On Windows, the built-in File History does a similar job.</li>',
      '</ul>',
    ),
    short_content:
      '<p>A three-line rsync script and one cron entry that copy your project folder to an external drive every evening, so a dead laptop is just an inconvenience.</p>',
    meta_title: 'Back up your projects automatically with rsync and cron',
    meta_description:
      'Set up automatic daily backups of your project folder on Linux or macOS with a small rsync script and a cron job, then check that they work.',
    meta_keywords: 'rsync, cron, backup, bash script, Linux tips, macOS tips',
    thumbnail: 'demo-back-up-projects-rsync-cron.jpg',
    color: null,
    price: null,
    daysAgo: 20,
  },
  {
    category: 'computing-tips',
    title: '7 keyboard shortcuts that save me an hour a day',
    slug: '7-keyboard-shortcuts-save-an-hour',
    content: html(
      '<p>I spend nine or ten hours a day at a keyboard. A few years ago I timed how often I reached for the mouse to do something the keyboard could do faster. The answer was embarrassing. These seven shortcuts changed my working day.</p>',
      '<h2>In the operating system</h2>',
      '<ol>',
      '<li><strong>Win + V</strong> (Windows) – clipboard history. Copy five things, paste any of them later. On macOS, a free app like Maccy does the same.</li>',
      '<li><strong>Win + Shift + S</strong> / <strong>Cmd + Shift + 4</strong> – take a screenshot of a region. Perfect for bug reports to clients.</li>',
      '<li><strong>Alt + Tab</strong> / <strong>Cmd + Tab</strong> – switch windows. Hold Alt and press Tab several times to go further back.</li>',
      '</ol>',
      '<h2>In the browser</h2>',
      '<ol>',
      '<li><strong>Ctrl + Shift + T</strong> – reopen the tab you just closed by mistake. It works several times in a row.</li>',
      '<li><strong>Ctrl + L</strong> – jump to the address bar and select it. Type a new address immediately.</li>',
      '</ol>',
      '<h2>In the code editor</h2>',
      '<ol>',
      '<li><strong>Ctrl + D</strong> (VS Code) – select the next occurrence of the current word and edit all of them at once.</li>',
      '<li><strong>Ctrl + P</strong> – open any file by typing part of its name. I have not used the file tree for years.</li>',
      '</ol>',
      '<blockquote>Learn one shortcut a week. In two months you will wonder how you ever worked without them.</blockquote>',
      '<h3>How to make them stick</h3>',
      '<p>Write the shortcut of the week on a sticky note and put it on your screen. Every time you reach for the mouse to do that task, <u>stop and use the keys instead</u>. <span style="color: #e60000">It feels slower for three days, then it becomes automatic.</span></p>',
      '<p>The full list for VS Code is in the <a href="https://code.visualstudio.com/docs/getstarted/keybindings">official documentation</a>, and it is worth ten minutes of your time.</p>',
    ),
    short_content:
      '<p>Seven keyboard shortcuts for Windows, macOS, the browser and VS Code that keep my hands off the mouse and save me about an hour every day.</p>',
    meta_title: '7 keyboard shortcuts that save me an hour a day',
    meta_description:
      'Seven keyboard shortcuts for Windows, macOS, browsers and VS Code that save time every day, and a simple way to make new shortcuts stick.',
    meta_keywords: 'keyboard shortcuts, productivity, VS Code, Windows tips, macOS tips',
    thumbnail: null,
    color: null,
    price: null,
    daysAgo: 63,
  },

  // ---------------------------------------------------------------- WordPress
  {
    category: 'wordpress',
    title: 'Install WordPress in five minutes with WP-CLI',
    slug: 'install-wordpress-with-wp-cli',
    content: html(
      '<p>Clicking through the famous five-minute install is fine once. When you set up sites every week, as I do for clients, <strong>WP-CLI</strong> makes it repeatable and much faster. You need PHP, a MySQL or MariaDB database and shell access to the server.</p>',
      '<h2>1. Install WP-CLI</h2>',
      '<pre><code class="language-bash">curl -O https://raw.githubusercontent.com/wp-cli/builds/gh-pages/phar/wp-cli.phar\n',
      'php wp-cli.phar --info\n',
      'chmod +x wp-cli.phar\n',
      'sudo mv wp-cli.phar /usr/local/bin/wp\n',
      '</code></pre>',
      '<h2>2. Download, configure and install</h2>',
      '<pre><code class="language-bash">mkdir mysite &amp;&amp; cd mysite\n',
      'wp core download --locale=vi\n',
      "wp config create --dbname=mysite --dbuser=mysite --dbpass='change-me'\n",
      'wp db create\n',
      'wp core install --url=https://mysite.example.com --title="My Site" \\\n',
      '  --admin_user=phuong --admin_email=admin@example.com\n',
      '</code></pre>',
      '<p>WP-CLI prints a random admin password at the end. <span style="color: #e60000">Copy it somewhere safe</span> – it is shown only once.</p>',
      '<h2>3. First clean-up</h2>',
      '<pre><code class="language-bash">wp plugin delete hello akismet\n',
      'wp theme install astra --activate\n',
      "wp rewrite structure '/%postname%/'\n",
      "wp option update timezone_string 'Asia/Ho_Chi_Minh'\n",
      '</code></pre>',
      '<h3>Why I like it</h3>',
      '<ul>',
      '<li>The whole setup fits in one script I can reuse for every client.</li>',
      '<li>It is <u>easy to document</u>: the commands are the documentation.</li>',
      '<li>Updates are one line: <em>wp core update &amp;&amp; wp plugin update --all</em>.</li>',
      '</ul>',
      '<p>Read more in the <a href="https://wp-cli.org/">WP-CLI handbook</a>. Next time: backing up a WordPress site with WP-CLI and cron.</p>',
    ),
    short_content:
      '<p>Download, configure and install WordPress from the command line with WP-CLI, then clean up the defaults, all in a script you can reuse.</p>',
    meta_title: 'Install WordPress in five minutes with WP-CLI',
    meta_description:
      'Step-by-step: install WP-CLI, then download, configure and install WordPress from the command line and clean up the default plugins.',
    meta_keywords: 'WordPress, WP-CLI, install WordPress, command line, web development',
    thumbnail: 'demo-install-wordpress-with-wp-cli.jpg',
    color: 'Green',
    price: 'Free',
    daysAgo: 27,
  },
  {
    category: 'wordpress',
    title: 'Choosing a WordPress theme for a small business: 6 questions',
    slug: 'choosing-a-wordpress-theme-small-business',
    content: html(
      '<p>Clients often show me a beautiful theme demo and ask, "Can we have this one?" Usually the answer is "maybe, but let us check first". A theme decides how fast, safe and easy to edit a site will be for years. These are the six questions I ask before choosing.</p>',
      '<h2>1. Is it fast without the demo content?</h2>',
      '<p>Demos are full of sliders and animations. Install the theme on a test site with only your own content and measure the page weight. A good base theme loads in <strong>under 50 KB of CSS and JavaScript</strong>.</p>',
      '<h2>2. When was it last updated?</h2>',
      '<p>Check the theme page in the <a href="https://wordpress.org/themes/">WordPress theme directory</a> or on the marketplace. <span style="color: #e60000">No update in over a year is a warning sign.</span></p>',
      '<h2>3. Does it work with the block editor?</h2>',
      '<p>Modern themes support blocks and full site editing. Themes that depend on a heavy page builder tie you to that builder forever.</p>',
      '<h2>4. Can the owner edit it alone?</h2>',
      '<p>The site belongs to the client, not to me. If changing a phone number needs a developer, the theme is <u>too complicated</u>.</p>',
      '<h2>5. Does it support Vietnamese properly?</h2>',
      '<p>Test the fonts with real text: <em>"Đặt phòng ngay hôm nay"</em>. Some decorative fonts break the diacritics or fall back to an ugly system font.</p>',
      '<h2>6. Is it translation and SEO ready?</h2>',
      '<ul>',
      '<li>Clean heading structure, one H1 per page.</li>',
      '<li>Compatible with popular SEO and multilingual plugins.</li>',
      '<li>Accessible menus and good colour contrast.</li>',
      '</ul>',
      '<blockquote>A simple theme you understand beats a stunning theme you are afraid to touch.</blockquote>',
      '<p>My usual choices are lightweight themes like Astra, GeneratePress or Kadence, customised with a child theme.</p>',
    ),
    short_content:
      '<p>A pretty demo is not enough. Six questions to ask before choosing a WordPress theme for a small business site: speed, updates, blocks, editing, Vietnamese fonts and SEO.</p>',
    meta_title: 'Choosing a WordPress theme for a small business: 6 questions',
    meta_description:
      'Six questions to ask before choosing a WordPress theme for a small business: speed, updates, block editor support, Vietnamese fonts and SEO.',
    meta_keywords: 'WordPress theme, small business website, WordPress tips, web design',
    thumbnail: null,
    color: null,
    price: null,
    daysAgo: 71,
  },

  // ---------------------------------------------------------------- Hidden draft
  {
    category: 'story',
    title: 'Draft: plum blossom season in Mộc Châu',
    slug: 'draft-plum-blossom-season-moc-chau',
    content: html(
      '<p><em>Notes for a story I have not finished yet.</em></p>',
      '<p>Mộc Châu in late January: the whole plateau turns white with plum and apricot blossoms. I went with two friends from my English class, by sleeper bus from Hà Nội, and arrived at dawn when the fields were still covered in mist.</p>',
      '<h2>Things to write about</h2>',
      '<ul>',
      '<li>The tea hills shaped like green hearts, and the women picking tea with baskets on their backs.</li>',
      '<li>Fresh yoghurt and <strong>milk candy</strong> from the dairy farms – the town is famous for them.</li>',
      '<li>The homestay owner who taught us to make <em>xôi ngũ sắc</em>, five-colour sticky rice.</li>',
      '<li>The cold: colder than we expected, about 8°C at night.</li>',
      '<li>The Dải Yếm waterfall, thin in the dry season but still lovely.</li>',
      '</ul>',
      '<h2>Opening paragraph (first try)</h2>',
      '<p>There is a week every year when the plateau forgets it is a farm and remembers it is a garden. The plum trees, bare and grey all winter, cover themselves in white overnight. Farmers who have walked past them a thousand times stop and look. So did we.</p>',
      '<h3>To do before publishing</h3>',
      '<ol>',
      '<li>Choose the best photos and compress them.</li>',
      '<li>Check the names of the villages we visited.</li>',
      '<li>Add a short <u>practical tips</u> section: buses, prices, where to stay.</li>',
      '<li><span style="color: #e60000">Ask Hương if I can mention her by name.</span></li>',
      '</ol>',
      '<p>Maybe turn part of it into a poem as well. The white fields in the morning mist deserve more than a list.</p>',
    ),
    short_content:
      '<p>Unfinished notes about a trip to the Mộc Châu plateau in plum blossom season: tea hills, milk candy and white fields in the mist.</p>',
    meta_title: 'Plum blossom season in Mộc Châu',
    meta_description:
      'A trip to the Mộc Châu plateau in plum blossom season: tea hills, dairy farms, five-colour sticky rice and white fields in the morning mist.',
    meta_keywords: 'Mộc Châu, plum blossom, Vietnam travel, travel story',
    thumbnail: 'demo-draft-plum-blossom-season-moc-chau.jpg',
    color: null,
    price: null,
    hidden: true,
    daysAgo: 1,
  },

  // ---------------------------------------------------------------- Du lịch (Vietnamese)
  {
    category: 'du-lich',
    language: 'vi',
    translationOf: 'ha-giang-buckwheat-season-mountain-loop',
    title: 'Hà Giang mùa tam giác mạch: bốn ngày trên cung đường đèo',
    slug: 'ha-giang-mua-tam-giac-mach',
    content: html(
      '<p>Mình rời Hà Nội trên một chuyến xe khách đêm, mang theo ba lô, áo mưa và chẳng có kế hoạch gì rõ ràng. Sáu tiếng sau, mình bước xuống thị xã Hà Giang giữa cái lạnh của núi rừng, thuê một chiếc Honda số và hứa với mẹ là sẽ chạy thật chậm. Lời hứa ấy, mình giữ được gần hết.</p>',
      '<h2>Ngày 1: Quản Bạ và Cổng Trời</h2>',
      '<p>Con đường leo dốc rất nhanh. Đến <strong>Cổng Trời Quản Bạ</strong>, cả thung lũng mở ra dưới chân, với hai quả đồi tròn mà người dân gọi là <em>Núi Đôi</em>. Một cô bán ngô luộc bật cười vì giọng Sài Gòn của mình rồi cho thêm một bắp.</p>',
      '<h2>Ngày 2: Phố cổ Đồng Văn</h2>',
      '<p>Những ngôi nhà đá xám, đèn lồng, và mùi <em>thắng cố</em> ở phiên chợ Chủ nhật. Buổi tối mình ngồi uống rượu ngô với hai bạn người Hà Lan đi xe đạp, nói chuyện nửa tiếng Anh, nửa vốn tiếng Hà Lan ít ỏi của mình.</p>',
      '<h2>Ngày 3: Đèo Mã Pì Lèng</h2>',
      '<p>Ai cũng nói vậy, và ai cũng đúng: con đèo <span style="color: #e60000">đẹp đến nghẹt thở</span>. Sông Nho Quế chỉ còn là một dải lụa xanh mảnh dưới vực sâu. Cứ hai cây số mình lại dừng xe để chụp ảnh, và để đôi tay thôi run.</p>',
      '<blockquote>Có những con đường không dẫn ta đến đâu cả. Chúng chỉ nhắc ta rằng mình thật nhỏ bé.</blockquote>',
      '<h2>Ngày 4: Những sườn đồi hồng trên đường về</h2>',
      '<p>Cuối tháng Mười, <strong>hoa tam giác mạch</strong> phủ hồng và trắng khắp các sườn đồi. Bọn trẻ đứng bên đường bán những bó hoa nhỏ, vài nghìn đồng một bó.</p>',
      '<h3>Vài lưu ý thực tế</h3>',
      '<ul>',
      '<li>Thời điểm đẹp nhất: từ tháng Mười đến đầu tháng Mười Một, mùa hoa nở.</li>',
      '<li>Mang theo áo ấm; ban đêm nhiệt độ xuống dưới 10°C.</li>',
      '<li>Nếu chưa vững tay lái, hãy thuê <u>xe ôm dẫn đường</u> (easy rider) – chẳng có gì phải ngại cả.</li>',
      '</ul>',
      '<p>Mình về nhà với làn da cháy nắng, đôi chân rã rời và đã bắt đầu tính chuyến đi phía Bắc tiếp theo.</p>',
    ),
    short_content:
      '<p>Một chuyến xe đêm, một chiếc Honda thuê và bốn ngày qua những con đèo, bản làng đá và cánh đồng tam giác mạch hồng rực nơi cực Bắc Việt Nam.</p>',
    meta_title: 'Hà Giang mùa tam giác mạch: bốn ngày trên cung đường đèo',
    meta_description:
      'Bốn ngày chạy xe máy vòng cung Hà Giang mùa tam giác mạch: Quản Bạ, Đồng Văn, đèo Mã Pì Lèng và những lưu ý thực tế.',
    meta_keywords: 'Hà Giang, phượt Hà Giang, hoa tam giác mạch, Mã Pì Lèng, du lịch Việt Nam',
    thumbnail: 'demo-ha-giang-buckwheat-season-mountain-loop.jpg',
    color: null,
    price: null,
    daysAgo: 4,
  },
  {
    category: 'du-lich',
    language: 'vi',
    translationOf: 'a-slow-week-in-hoi-an',
    title: 'Một tuần chậm rãi ở Hội An: đèn lồng, tiệm may và cao lầu',
    slug: 'mot-tuan-cham-rai-o-hoi-an',
    content: html(
      '<p>Phần lớn du khách chỉ dành cho Hội An hai ngày. Mình ở lại một tuần, mang theo máy tính và thuê một nhà nghỉ nhỏ cạnh cánh đồng lúa Cẩm Thanh. Hóa ra đó lại là một trong những tuần làm việc hiệu quả và bình yên nhất trong năm của mình.</p>',
      '<h2>Buổi sáng: làm việc trước khung cảnh đẹp</h2>',
      '<p>Mình bắt đầu viết code từ sáu giờ, khi trời còn mát và tiếng động duy nhất là con gà trống nhà hàng xóm. Đến mười giờ nắng đã gắt, mình gập máy lại và đạp xe vào phố.</p>',
      '<h2>Phố cổ trước giờ đông khách</h2>',
      '<p>Nếu muốn có những bức tường vàng và dãy cửa hiệu gỗ cho riêng mình, hãy đi <strong>trước tám giờ sáng</strong>. Chùa Cầu vắng lặng, các tiệm may vừa mới mở cửa, và những bà cụ bán <em>bánh mì</em> vẫn còn thong thả trò chuyện.</p>',
      '<h2>Những món ăn mình vẫn còn nhớ</h2>',
      '<ul>',
      '<li><strong>Cao lầu</strong> – sợi mì dai, thịt xá xíu và tóp mỡ giòn, chỉ ở đây mới làm đúng vị.</li>',
      '<li><strong>Cơm gà</strong> – cơm nấu bằng nước luộc gà, ăn kèm thật nhiều rau thơm.</li>',
      '<li><strong>Bánh bao bánh vạc</strong> (còn gọi là bông hồng trắng) – mỏng, thanh và ngọt dịu.</li>',
      '</ul>',
      '<h2>Buổi tối bên sông Thu Bồn</h2>',
      '<p>Về đêm, dòng sông lấp lánh đèn hoa đăng. Đúng là rất “du lịch”, nhưng thả một ngọn nến nhỏ trôi đi và thầm ước một điều vẫn khiến mình <u>xúc động lạ thường</u>. <span style="color: #e60000">Mẹo nhỏ:</span> hãy đi bộ ra cuối cồn An Hội, nơi vắng người hơn.</p>',
      '<blockquote>Hội An chẳng bao giờ vội, và chỉ sau vài ngày, bạn cũng thế.</blockquote>',
      '<p>Mình có may một chiếc sơ mi ở một tiệm trên đường Lê Lợi. Mất hai lần thử, nhưng nó vừa vặn hơn bất cứ chiếc áo nào mình có. Nếu bạn đi, hãy đọc <a href="https://vietnam.travel/places-to-go/central-vietnam/hoi-an">hướng dẫn chính thức</a> trước, rồi cứ quên lịch trình đi.</p>',
    ),
    short_content:
      '<p>Phần lớn du khách chỉ ở Hội An hai ngày. Mình ở một tuần, làm việc buổi sáng và dành buổi chiều giữa những bức tường vàng, tiệm may và đèn hoa đăng trên sông.</p>',
    meta_title: 'Một tuần chậm rãi ở Hội An: đèn lồng, tiệm may và cao lầu',
    meta_description:
      'Một tuần làm việc từ xa ở Hội An: phố cổ yên tĩnh buổi sớm, những món ăn đáng để đi và những buổi tối bên sông Thu Bồn.',
    meta_keywords: 'Hội An, du lịch chậm, làm việc từ xa, cao lầu, du lịch Việt Nam',
    thumbnail: 'demo-a-slow-week-in-hoi-an.jpg',
    color: null,
    price: null,
    daysAgo: 40,
  },
  {
    // Only in Vietnamese: an English lesson for Vietnamese readers has no English version.
    category: 'du-lich',
    language: 'vi',
    title: 'Tiếng Anh cho chuyến đi: 12 câu dùng ở sân bay và khách sạn',
    slug: 'tieng-anh-cho-chuyen-di-san-bay-khach-san',
    content: html(
      '<p>Lần đầu đi nước ngoài một mình, mình đứng trước quầy làm thủ tục mà đầu óc trống rỗng, dù đã học tiếng Anh nhiều năm. Bài này gom lại những câu mình dùng nhiều nhất ở sân bay và khách sạn, kèm nghĩa tiếng Việt, để bạn lưu vào điện thoại trước chuyến đi.</p>',
      '<h2>Ở quầy làm thủ tục</h2>',
      '<ul>',
      "<li><strong>I'd like to check in for my flight to Bangkok.</strong> – Tôi muốn làm thủ tục cho chuyến bay đi Bangkok.</li>",
      '<li><strong>Can I have a window seat, please?</strong> – Cho tôi ghế cạnh cửa sổ được không?</li>',
      '<li><strong>How many bags can I check in?</strong> – Tôi được ký gửi mấy kiện hành lý?</li>',
      '<li><strong>Is the flight on time?</strong> – Chuyến bay có đúng giờ không?</li>',
      '</ul>',
      '<h2>Qua cửa an ninh và xuất nhập cảnh</h2>',
      '<ul>',
      '<li><strong>Do I need to take my laptop out?</strong> – Tôi có cần lấy máy tính ra không?</li>',
      "<li><strong>I'm here on holiday for a week.</strong> – Tôi đến đây du lịch một tuần. Câu trả lời quen thuộc khi được hỏi mục đích chuyến đi.</li>",
      "<li><strong>I'm staying at the Riverside Hotel.</strong> – Tôi ở khách sạn Riverside.</li>",
      '</ul>',
      '<h2>Ở khách sạn</h2>',
      '<ul>',
      '<li><strong>I have a reservation under the name Nguyễn.</strong> – Tôi đã đặt phòng dưới tên Nguyễn.</li>',
      '<li><strong>What time is check-out?</strong> – Mấy giờ phải trả phòng?</li>',
      '<li><strong>Could I leave my luggage here until the evening?</strong> – Tôi gửi hành lý ở đây đến tối được không?</li>',
      "<li><strong>The air conditioner in my room isn't working.</strong> – Máy lạnh trong phòng tôi bị hỏng.</li>",
      '<li><strong>Could you call a taxi for me, please?</strong> – Anh/chị gọi giúp tôi một chiếc taxi được không?</li>',
      '</ul>',
      '<h3>Mẹo nhỏ</h3>',
      '<p>Đừng sợ nói sai ngữ pháp. Chỉ cần nói chậm, mỉm cười và nhớ thêm <em>please</em>, <em>thank you</em>: hầu như ai cũng sẵn lòng giúp bạn. Người Việt mình hay quên chữ <em>please</em>, nhưng với người bản xứ, nó làm câu nói lịch sự hơn hẳn.</p>',
    ),
    short_content:
      '<p>12 câu tiếng Anh mình dùng nhiều nhất ở sân bay và khách sạn, kèm nghĩa tiếng Việt, để bạn tự tin hơn trong chuyến đi nước ngoài đầu tiên.</p>',
    meta_title: 'Tiếng Anh cho chuyến đi: 12 câu dùng ở sân bay và khách sạn',
    meta_description:
      '12 mẫu câu tiếng Anh cần thiết khi làm thủ tục ở sân bay, qua cửa xuất nhập cảnh và nhận phòng khách sạn, kèm nghĩa tiếng Việt.',
    meta_keywords: 'tiếng Anh du lịch, tiếng Anh sân bay, tiếng Anh khách sạn, mẫu câu tiếng Anh',
    thumbnail: null,
    color: null,
    price: null,
    daysAgo: 12,
  },
];

export const demoAboutContent: string = html(
  "<h2>Xin chào, I'm Phương!</h2>",
  '<p>I am a <strong>freelance web developer</strong> based in Sài Gòn. For the past eight years I have been building websites for small businesses all over Vietnam: homestays in the mountains, family restaurants, English centres, a dental clinic and one very demanding coffee roaster. I work mostly with <em>WordPress</em>, TypeScript and Angular, and I care a lot about sites that are fast, simple and easy for their owners to update.</p>',
  '<p>This blog is where I write about everything else I love:</p>',
  '<ul>',
  '<li><strong>Travel stories</strong> – slow trips by bus and motorbike, from the northern mountains to the Mekong Delta.</li>',
  '<li><strong>Poems</strong> – small moments I do not want to forget, mostly written in cafés.</li>',
  '<li><strong>English lessons</strong> – practical tips for Vietnamese learners, bài học tiếng Anh viết bằng cả hai thứ tiếng.</li>',
  '<li><strong>Web notes</strong> – SEO, WordPress and computing tips from my daily work.</li>',
  '</ul>',
  '<p>I taught myself English from films, song lyrics and a lot of mistakes, so I know how hard it can feel at the beginning. If one of my lessons helps you order a coffee or answer an e-mail with confidence, it has done its job.</p>',
  '<blockquote>Đi một ngày đàng, học một sàng khôn. – Travel a day, learn a basketful of wisdom.</blockquote>',
  '<p>Need a website, or just want to say hello? Send me a message from the <strong>Contact</strong> page. I read every one, usually with a cup of <em>cà phê sữa đá</em>.</p>',
);

/** The About page in Vietnamese: the same person and the same offer, written for Vietnamese readers (not a word-for-word copy). */
export const demoAboutContentVi: string = html(
  '<h2>Xin chào, mình là Phương!</h2>',
  '<p>Mình là <strong>lập trình viên web tự do</strong>, sống và làm việc ở Sài Gòn. Tám năm qua, mình làm website cho các doanh nghiệp nhỏ khắp Việt Nam: homestay trên núi, quán ăn gia đình, trung tâm tiếng Anh, một phòng khám nha khoa và một xưởng rang cà phê rất khó tính. Mình làm chủ yếu với <em>WordPress</em>, TypeScript và Angular, và luôn muốn trang web nhanh, gọn, chủ trang tự cập nhật được dễ dàng.</p>',
  '<p>Blog này là nơi mình viết về những điều mình yêu thích:</p>',
  '<ul>',
  '<li><strong>Du lịch</strong> – những chuyến đi chậm bằng xe khách và xe máy, từ núi rừng phía Bắc đến miền Tây sông nước.</li>',
  '<li><strong>Thơ</strong> – những khoảnh khắc nhỏ mình không muốn quên, phần lớn viết trong quán cà phê.</li>',
  '<li><strong>Học tiếng Anh</strong> – mẹo thực tế cho người Việt, với ví dụ tiếng Anh dùng được ngay.</li>',
  '<li><strong>Ghi chép nghề web</strong> – SEO, WordPress và những mẹo máy tính từ công việc hằng ngày.</li>',
  '</ul>',
  '<p>Mình tự học tiếng Anh qua phim, lời bài hát và rất nhiều lần nói sai, nên mình hiểu lúc mới bắt đầu khó thế nào. Nếu một bài học ở đây giúp bạn tự tin gọi một ly cà phê hay trả lời một e-mail, thì bài đó đã làm tròn việc của nó.</p>',
  '<blockquote>Đi một ngày đàng, học một sàng khôn.</blockquote>',
  '<p>Bạn cần một trang web, hay chỉ muốn chào một tiếng? Hãy nhắn cho mình ở trang <strong>Liên hệ</strong>. Mình đọc hết từng tin nhắn, thường là bên ly <em>cà phê sữa đá</em>.</p>',
);

export const demoGeneralInfo: {
  email: string;
  phone: string;
  address: string;
  logo_1: string;
  logo_2: string;
  favicon: string;
  availability: AvailabilityState;
  availability_note: string;
} = {
  email: 'phuong.nguyen@example.com',
  phone: '+84 912 345 678',
  address: '112 Lý Chính Thắng, Phường 8, Quận 3, TP. Hồ Chí Minh, Việt Nam',
  logo_1: 'logo-1.png',
  logo_2: 'logo-2.png',
  favicon: 'favicon.png',
  // Available, so the hero, the services page and the portfolio invite an inquiry (a booking's date would pass).
  availability: 'available',
  availability_note: 'Taking on one new project a month: tell me about yours.',
};
