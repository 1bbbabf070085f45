/** Spec section 9: the success banner stays for 7 seconds. */
export const SUCCESS_BANNER_MS = 7000;
/** Spec section 8: the one message the contact form shows on success, word for word. */
export const SUCCESS_MESSAGE = 'Your message have been sent. We will contact you soon. Thank you!';
export const FAILURE_MESSAGE = 'Your message could not be sent. Please try again in a moment: what you wrote is kept.';
export const REFUSED_MESSAGE = 'Please correct the highlighted fields and send again.';
