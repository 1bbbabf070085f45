import { COMMENT_MIN_SECONDS_TO_SUBMIT, COMMENT_SPAM_SIGNALS } from '@blog/contracts';
import { foldText, hostOf, linkedHosts, mostlyNonLatin, spamScore, spamSignals, type SpamFacts } from './spam-signals';

const NOW = Date.parse('2026-11-27T12:00:00Z');

/** A reader's question, written by hand a minute after the page came: no signal fires. */
const facts = (overrides: Partial<SpamFacts> = {}): SpamFacts => ({
  body: 'Cảm ơn! Is "đi" here the same verb as in the first lesson?',
  authorUrl: null,
  honeypot: '',
  renderedAt: NOW - 60_000,
  now: NOW,
  minSecondsToSubmit: COMMENT_MIN_SECONDS_TO_SUBMIT,
  maxLinks: 2,
  blockList: '',
  spamHosts: new Set(),
  emailMarkedSpam: false,
  repeatedText: false,
  ...overrides,
});
const names = (overrides: Partial<SpamFacts>) => spamSignals(facts(overrides)).map((signal) => signal.name);

describe('the local spam signals', () => {
  it('fires nothing on a comment written by hand, in English or Vietnamese', () => {
    expect(spamSignals(facts())).toEqual([]);
    expect(names({ body: 'Bài học hay quá, cảm ơn chị! Đường đi Hà Giang có khó không?' })).toEqual([]);
  });

  it('gives each signal its score, and sums them', () => {
    const fired = spamSignals(facts({ honeypot: 'x', emailMarkedSpam: true }));
    expect(fired).toEqual([
      { name: 'honeypot', score: COMMENT_SPAM_SIGNALS.honeypot },
      { name: 'spam_email', score: COMMENT_SPAM_SIGNALS.spam_email },
    ]);
    expect(spamScore(fired)).toBe(200);
  });

  it('honeypot: the hidden field filled in', () => {
    expect(names({ honeypot: '+1 555 0100' })).toEqual(['honeypot']);
    expect(names({ honeypot: null })).toEqual([]);
  });

  it('too_fast: sent under 3 s after the page was rendered, or with no valid stamp', () => {
    expect(names({ renderedAt: NOW - 2_999 })).toEqual(['too_fast']);
    expect(names({ renderedAt: undefined })).toEqual(['too_fast']);
    expect(names({ renderedAt: NOW - 3_000 })).toEqual([]);
    // The server's setting: a lower minimum (the browser tests'), and still no stamp at all is too fast.
    expect(names({ renderedAt: NOW, minSecondsToSubmit: 0 })).toEqual([]);
    expect(names({ renderedAt: undefined, minSecondsToSubmit: 0 })).toEqual(['too_fast']);
    expect(names({ renderedAt: NOW - 9_000, minSecondsToSubmit: 10 })).toEqual(['too_fast']);
  });

  it('too_many_links: more links than allowed, www. ones included', () => {
    const body = 'See https://a.example/x, http://b.example and www.c.example';
    expect(names({ body, maxLinks: 2 })).toEqual(['too_many_links']);
    expect(names({ body, maxLinks: 3 })).toEqual([]);
    expect(names({ body: 'one https://a.example', maxLinks: 0 })).toEqual(['too_many_links']);
  });

  it('spam_host: a link, or the website, to a host marked spam (without www., any case)', () => {
    const spamHosts = new Set(['pills.example']);
    expect(names({ body: 'cheap at https://WWW.Pills.example/buy', spamHosts })).toEqual(['spam_host']);
    expect(names({ authorUrl: 'https://pills.example', spamHosts })).toEqual(['spam_host']);
    expect(names({ body: 'https://notpills.example', spamHosts })).toEqual([]);
  });

  it('block_list: a word or phrase of the list, accent- and case-insensitive, whole words only', () => {
    const blockList = 'Đặc biệt\n\n  giảm giá  \n';
    expect(names({ body: 'DAC BIET offer', blockList })).toEqual(['block_list']);
    expect(names({ body: 'hôm nay Giảm   Giá', blockList })).toEqual(['block_list']);
    expect(names({ body: 'dac bietly', blockList })).toEqual([]);
    expect(names({ body: 'anything', blockList: '\n \n' })).toEqual([]);
  });

  it('repeated_text and spam_email: as the database found them', () => {
    expect(names({ repeatedText: true })).toEqual(['repeated_text']);
    expect(names({ emailMarkedSpam: true })).toEqual(['spam_email']);
  });

  it('script_mismatch: mostly Cyrillic or CJK on a Latin-script site; a few foreign words do not count', () => {
    expect(names({ body: 'Отличная статья, спасибо большое' })).toEqual(['script_mismatch']);
    expect(names({ body: '这篇文章很好看' })).toEqual(['script_mismatch']);
    expect(names({ body: 'In Russian we say спасибо, thanks for the lesson on greetings' })).toEqual([]);
    expect(mostlyNonLatin('1234 !!!')).toBe(false);
  });

  it('spam_phrase: a known spam phrase, accents and case aside', () => {
    expect(names({ body: 'Best CASINO bonus' })).toEqual(['spam_phrase']);
    expect(names({ body: 'We sell SEO   services' })).toEqual(['spam_phrase']);
    expect(names({ body: 'the occasional visitor' })).toEqual([]);
  });
});

describe('links and text', () => {
  it('finds the hosts a comment links to', () => {
    expect(linkedHosts('a https://x.example/p and www.y.example, again https://X.example', 'http://z.example')).toEqual(
      ['x.example', 'y.example', 'z.example'],
    );
    expect(hostOf('https://')).toBeUndefined();
  });

  it('folds accents and case', () => {
    expect(foldText('Đường ĐI Việt')).toBe('duong di viet');
  });
});
