import { act, fireEvent, render, screen } from '@testing-library/react';
import { easeInOutCubic } from './animate-scroll';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  let now = 0;
  let frames: Array<(time: number) => void> = [];
  const scrollTo = jest.fn((_x: number, y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  });

  /** Runs the pending animation frames at `time`. */
  const runFrames = (time: number) =>
    act(() => {
      now = time;
      const pending = frames;
      frames = [];
      pending.forEach((frame) => frame(now));
    });

  const scrollWindowTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    fireEvent.scroll(window);
    runFrames(now);
  };

  beforeEach(() => {
    now = 0;
    frames = [];
    scrollTo.mockClear();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  afterEach(() => jest.restoreAllMocks());

  it('appears only after more than 400 px of scrolling', () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    scrollWindowTo(400);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    scrollWindowTo(401);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
    scrollWindowTo(120);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
  });

  it('scrolls back to the top smoothly, in 500 ms', () => {
    render(<ScrollToTop />);
    scrollWindowTo(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    runFrames(1000); // the first frame starts the clock
    runFrames(1250);
    expect(window.scrollY).toBe(500); // half the time, half the way (eased)
    runFrames(1499);
    expect(window.scrollY).toBeGreaterThan(0);
    runFrames(1500);
    expect(window.scrollY).toBe(0);
    expect(frames).toHaveLength(0); // the animation has ended
  });

  it('jumps at once when the visitor prefers reduced motion', () => {
    window.matchMedia = jest.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    render(<ScrollToTop />);
    scrollWindowTo(900);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
  });
});

describe('easeInOutCubic', () => {
  it('starts at 0, passes the middle at 0.5 and ends at 1', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
  });
});
