import type { InquiryTopicKind } from '@blog/contracts';

/** A business constant: the success banner stays for 7 seconds. */
export const SUCCESS_BANNER_MS = 7000;
/** The one message the contact form shows on success, the spec's words kept letter for letter. */
export const SUCCESS_MESSAGE = 'Your message have been sent. We will contact you soon. Thank you!';
export const FAILURE_MESSAGE = 'Your message could not be sent. Please try again in a moment: what you wrote is kept.';
export const REFUSED_MESSAGE = 'Please correct the highlighted fields and send again.';
/** A refusal for too many messages (429): says when to send again, `wait` in words ("10 minutes") when known. */
export const TOO_MANY_MESSAGES = (wait?: string) =>
  `Too many messages have been sent from here. Please try again ${wait ? `in ${wait}` : 'later'}: what you wrote is kept.`;

/** How an inquiry's message starts, the visitor's to go on with (or change). */
export const INQUIRY_OPENINGS: Record<InquiryTopicKind, (title: string) => string> = {
  project: (title) => `Hello, I would like a project like “${title}”.\n\n`,
  service: (title) => `Hello, I would like to ask about your service “${title}”.\n\n`,
};
