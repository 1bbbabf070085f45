import { waitOf, type InquiryTopicKind } from '@blog/contracts';
import { translatorOf, type Translate } from '../i18n/i18n';

/** A business constant: the success banner stays for 7 seconds. */
export const SUCCESS_BANNER_MS = 7000;

/** A wait in the page's words: "10 minutes", "10 phút". */
export function waitIn(t: Translate, seconds: number): string {
  const { unit, count } = waitOf(seconds);
  return unit === 'minutes' ? t('wait.minutes', { count }) : t('wait.hours', { count });
}

/** What the contact form says, in the language of `t`. */
export function contactMessagesOf(t: Translate) {
  return {
    success: t('contactForm.success'),
    failure: t('contactForm.failure'),
    refused: t('contactForm.refused'),
    /** A refusal for too many messages (429): says when to send again, when known. */
    tooMany: (seconds?: number) =>
      seconds === undefined ? t('contactForm.tooManyLater') : t('contactForm.tooManyIn', { wait: waitIn(t, seconds) }),
    /** How an inquiry's message starts, the visitor's to go on with (or change). */
    openings: {
      project: (title: string) => t('contactForm.openingProject', { title }),
      service: (title: string) => t('contactForm.openingService', { title }),
    } satisfies Record<InquiryTopicKind, (title: string) => string>,
  };
}

const inEnglish = translatorOf('en');
const english = contactMessagesOf(inEnglish);

/** The English messages by name: the spec's words, letter for letter (the success message above all). */
export const SUCCESS_MESSAGE = english.success;
export const FAILURE_MESSAGE = english.failure;
export const REFUSED_MESSAGE = english.refused;
/** `wait` in words ("10 minutes") when known. */
export const TOO_MANY_MESSAGES = (wait?: string) =>
  wait === undefined ? english.tooMany() : inEnglish('contactForm.tooManyIn', { wait });
export const INQUIRY_OPENINGS = english.openings;
