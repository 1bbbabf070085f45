/** At most `points` requests (or failures) per key within `windowSeconds`. */
export interface RateLimit {
  readonly points: number;
  readonly windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Failed sign-ins allowed per e-mail and per client address; a success clears the e-mail's count. */
export const LOGIN_LIMITS = {
  perEmail: { points: 5, windowSeconds: 15 * MINUTE },
  perAddress: { points: 20, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/**
 * Wrong two-factor codes (authenticator or recovery) allowed per user and per client address, at
 * sign-in and in the profile alike; a right code clears the user's count.
 */
export const SECOND_FACTOR_LIMITS = {
  perUser: { points: 5, windowSeconds: 15 * MINUTE },
  perAddress: { points: 20, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/**
 * Contact messages accepted per client address (a few per 10 minutes, a daily cap) and per sender
 * e-mail (a daily cap, whatever address it comes from). A visitor writing by hand never meets them.
 */
export const CONTACT_RATE_LIMITS = {
  perAddress: { points: 5, windowSeconds: 10 * MINUTE },
  perAddressDaily: { points: 20, windowSeconds: DAY },
  perEmailDaily: { points: 10, windowSeconds: DAY },
} as const satisfies Record<string, RateLimit>;

/**
 * Subscriptions asked per client address and per e-mail (each sends a confirmation mail: the limit on
 * the e-mail protects its inbox). Counted whether the address was subscribed or not, so a refusal
 * reveals nothing.
 */
export const SUBSCRIBE_RATE_LIMITS = {
  perAddress: { points: 5, windowSeconds: 10 * MINUTE },
  perAddressDaily: { points: 20, windowSeconds: DAY },
  perEmailDaily: { points: 3, windowSeconds: DAY },
} as const satisfies Record<string, RateLimit>;

/**
 * Comments accepted per client address (a burst of 30 in a minute gets 5) and per writer's e-mail (a
 * daily cap, whatever address it comes from). Counted before the spam filter, so a robot's flood costs
 * at most a few stored rows. A reader writing by hand never meets them.
 */
export const COMMENT_RATE_LIMITS = {
  perAddress: { points: 5, windowSeconds: 10 * MINUTE },
  perAddressDaily: { points: 30, windowSeconds: DAY },
  perEmailDaily: { points: 20, windowSeconds: DAY },
} as const satisfies Record<string, RateLimit>;

/**
 * Password-reset requests per client address and per e-mail (each sends a mail: the limit on the
 * e-mail protects its inbox). Counted whether the e-mail exists or not, so a refusal reveals nothing.
 */
export const PASSWORD_RESET_LIMITS = {
  perAddress: { points: 10, windowSeconds: HOUR },
  perEmail: { points: 3, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

/**
 * Requests one API token may make (REST and tRPC alike, each tRPC batch counting once): a script that
 * publishes or reads in a loop fits, a runaway one is slowed down. Counted per token, not per address.
 */
export const API_TOKEN_LIMITS = {
  perToken: { points: 300, windowSeconds: MINUTE },
} as const satisfies Record<string, RateLimit>;

/** A wait as it is said, rounded up: in minutes below 90 of them, else in hours. */
export function waitOf(seconds: number): { unit: 'minutes' | 'hours'; count: number } {
  const minutes = Math.max(1, Math.ceil(seconds / MINUTE));
  return minutes < 90 ? { unit: 'minutes', count: minutes } : { unit: 'hours', count: Math.ceil(seconds / HOUR) };
}

/** A wait in English words: "1 minute", "10 minutes", "3 hours". */
export function formatWait(seconds: number): string {
  const { unit, count } = waitOf(seconds);
  if (unit === 'hours') return `${count} hours`;
  return count === 1 ? '1 minute' : `${count} minutes`;
}

/**
 * The analytics beacon's reports per client address (a page moved to, the time seen, a link out: a
 * few a page): a reader never meets it; a script flooding the counts does.
 */
export const STATS_BEACON_RATE_LIMITS = {
  perAddress: { points: 300, windowSeconds: 10 * MINUTE },
} as const satisfies Record<string, RateLimit>;
