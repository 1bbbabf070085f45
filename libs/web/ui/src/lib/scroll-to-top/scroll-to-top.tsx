import { useEffect, useRef, useState } from 'react';
import { useUiWords } from '../ui-words/ui-words';
import { animateScrollTo } from './animate-scroll';
import './scroll-to-top.css';

/** Business constants: shown past 400 px of scrolling; the way back up takes 500 ms. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 400;
export const SCROLL_TO_TOP_DURATION_MS = 500;

export interface ScrollToTopProps {
  thresholdPx?: number;
  durationMs?: number;
}

/** A button that appears once the visitor has scrolled down and takes them smoothly back to the top. */
export function ScrollToTop({
  thresholdPx = SCROLL_TO_TOP_THRESHOLD_PX,
  durationMs = SCROLL_TO_TOP_DURATION_MS,
}: ScrollToTopProps) {
  const words = useUiWords();
  const [visible, setVisible] = useState(false);
  const stopAnimation = useRef<() => void>(() => undefined);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > thresholdPx);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
      stopAnimation.current();
    };
  }, [thresholdPx]);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="ui-scroll-to-top"
      aria-label={words.scrollToTop}
      onClick={() => {
        stopAnimation.current();
        stopAnimation.current = animateScrollTo(0, durationMs);
      }}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}
