/** Ease in and out: slow start, fast middle, slow end. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

/**
 * Scrolls the window to `top` in `durationMs` (the browser's own smooth scrolling has no duration),
 * at once when the visitor asked for reduced motion. Answers a function that stops the animation.
 */
export function animateScrollTo(top: number, durationMs: number): () => void {
  const start = window.scrollY;
  const distance = top - start;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (distance === 0 || durationMs <= 0 || reduceMotion) {
    window.scrollTo(0, top);
    return () => undefined;
  }
  let frame = 0;
  let startedAt: number | undefined;
  const step = (now: number) => {
    startedAt ??= now;
    const progress = Math.min(1, (now - startedAt) / durationMs);
    window.scrollTo(0, start + distance * easeInOutCubic(progress));
    if (progress < 1) frame = window.requestAnimationFrame(step);
  };
  frame = window.requestAnimationFrame(step);
  return () => window.cancelAnimationFrame(frame);
}
