import { COMMENT_SPAM_SIGNALS, type CommentSignal, type CommentSpamSignal } from '@blog/contracts';

/**
 * Phrases nearly only spam uses, in the spirit of Antispam Bee's local rules (nothing is sent anywhere).
 * Matched as whole words, accent- and case-insensitively, like the owner's block list.
 */
export const KNOWN_SPAM_PHRASES = [
  'casino',
  'viagra',
  'cialis',
  'crypto investment',
  'bitcoin investment',
  'forex signals',
  'seo services',
  'backlinks',
  'payday loan',
  'buy followers',
  'work from home and earn',
  'online pharmacy',
] as const;

/** What the filter knows of a comment and its context; the database's part is looked up by the caller. */
export interface SpamFacts {
  body: string;
  /** The writer's website, a link too. */
  authorUrl: string | null;
  honeypot: string | null | undefined;
  /** When the page was rendered (from its verified stamp), undefined when no valid stamp came with it. */
  renderedAt: number | undefined;
  now: number;
  /** Sent sooner after its page than this is too fast (`COMMENT_MIN_SECONDS_TO_SUBMIT`, the server's setting). */
  minSecondsToSubmit: number;
  maxLinks: number;
  /** The owner's block list, one word or phrase a line. */
  blockList: string;
  /** Hosts and the e-mail that "mark spam" taught. */
  spamHosts: ReadonlySet<string>;
  emailMarkedSpam: boolean;
  /** The same text was posted under another post or from another address lately. */
  repeatedText: boolean;
}

/** Lower case, accents off (Vietnamese "đ" included): "Ðặc Biệt" and "dac biet" match. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

/** Whether `text` has the word or phrase `phrase` (both folded), not as part of a longer word. */
function hasPhrase(foldedText: string, phrase: string): boolean {
  const escaped = foldText(phrase)
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');
  if (!escaped) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(foldedText);
}

/** The phrases of a block list (one a line, blank lines ignored). */
export const blockListPhrases = (blockList: string) =>
  blockList
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/** The links of a text (`http(s)://…` or `www.…`), without the punctuation of the sentence around them. */
export function linksIn(text: string): string[] {
  return (text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ''));
}

/** The host of a link, lower case without `www.`; undefined when it is none. */
export function hostOf(link: string): string | undefined {
  try {
    const url = new URL(/^https?:\/\//i.test(link) ? link : `http://${link}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}

/** The hosts a comment links to, its writer's website included. */
export function linkedHosts(body: string, authorUrl: string | null): string[] {
  const links = [...linksIn(body), ...(authorUrl ? [authorUrl] : [])];
  return [...new Set(links.map(hostOf).filter((host): host is string => Boolean(host)))];
}

/**
 * Whether most letters of `text` are in a script other than Latin (Vietnamese is Latin script):
 * Cyrillic, CJK, Arabic… under a site written in Latin script. A few foreign words do not count.
 */
export function mostlyNonLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  const latin = letters.filter((letter) => /\p{Script=Latin}/u.test(letter)).length;
  return latin / letters.length < 0.5;
}

/** The signals that fire on a comment, each with its score (`COMMENT_SPAM_SIGNALS`). */
export function spamSignals(facts: SpamFacts): CommentSignal[] {
  const fired: CommentSpamSignal[] = [];
  const folded = foldText(facts.body);
  if (facts.honeypot) fired.push('honeypot');
  if (facts.renderedAt === undefined || facts.now - facts.renderedAt < facts.minSecondsToSubmit * 1000) {
    fired.push('too_fast');
  }
  if (linksIn(facts.body).length > facts.maxLinks) fired.push('too_many_links');
  if (linkedHosts(facts.body, facts.authorUrl).some((host) => facts.spamHosts.has(host))) fired.push('spam_host');
  if (blockListPhrases(facts.blockList).some((phrase) => hasPhrase(folded, phrase))) fired.push('block_list');
  if (facts.repeatedText) fired.push('repeated_text');
  if (mostlyNonLatin(facts.body)) fired.push('script_mismatch');
  if (KNOWN_SPAM_PHRASES.some((phrase) => hasPhrase(folded, phrase))) fired.push('spam_phrase');
  if (facts.emailMarkedSpam) fired.push('spam_email');
  return fired.map((name) => ({ name, score: COMMENT_SPAM_SIGNALS[name] }));
}

/** The sum of the signals' scores. */
export const spamScore = (signals: readonly CommentSignal[]) => signals.reduce((sum, signal) => sum + signal.score, 0);
