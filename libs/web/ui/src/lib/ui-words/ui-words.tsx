import { createContext, useContext } from 'react';
import type { Language } from '@blog/contracts';

/**
 * The words (and the date locale) of the shared components a page shows: the public pages give
 * their language's (`UiWordsContext`), the admin keeps these English ones.
 */
export interface UiWords {
  /** The BCP 47 locale dates are written in (`Intl.DateTimeFormat`). */
  dateLocale: string;
  /**
   * A site path (`/slug`, `/category/slug`) in the page's language (`/vi/slug` on a Vietnamese page),
   * or in `language`, a post's shown on a page of another (a project's related posts).
   */
  localPath: (path: string, language?: Language) => string;
  readingTime: (minutes: number) => string;
  commentCount: (count: number) => string;
  color: string;
  price: string;
  previousPage: string;
  nextPage: string;
  page: (page: number) => string;
  breadcrumb: string;
  loading: string;
  tryAgain: string;
  tryingAgain: string;
  scrollToTop: string;
}

export const ENGLISH_UI_WORDS: UiWords = {
  dateLocale: 'en-US',
  localPath: (path) => path,
  readingTime: (minutes) => `${minutes} min read`,
  commentCount: (count) => (count === 1 ? '1 comment' : `${count} comments`),
  color: 'Color:',
  price: 'Price:',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page) => `Page ${page}`,
  breadcrumb: 'Breadcrumb',
  loading: 'Loading…',
  tryAgain: 'Try again',
  tryingAgain: 'Trying again…',
  scrollToTop: 'Scroll to top',
};

export const UiWordsContext = createContext<UiWords>(ENGLISH_UI_WORDS);

export function useUiWords(): UiWords {
  return useContext(UiWordsContext);
}
