import './lightbox.css';

/** How far (in CSS pixels) a finger or a pointer must go sideways for a swipe to change the photo. */
const SWIPE_DISTANCE = 40;

/**
 * A gallery's photos shown one at a time, large, over the page: a modal `<dialog>` (the browser traps
 * the focus in it and closes it on Escape), Previous / Next buttons, the arrow keys and a swipe, the
 * photo's caption, Close; the focus goes back to the photo's link when it closes. Each photo comes
 * from the variants its page offers (the `<source>`s of its `<picture>`) at the screen's width, not
 * the original. Loaded only when a visitor opens a photo.
 */
export function openLightbox(gallery: Element, start: number): void {
  const links = Array.from(gallery.querySelectorAll<HTMLAnchorElement>('.gallery-item > a'));
  if (links.length === 0) return;
  let index = Math.min(Math.max(start, 0), links.length - 1);

  const dialog = document.createElement('dialog');
  dialog.className = 'lightbox';
  const figure = document.createElement('figure');
  const picture = document.createElement('picture');
  const image = document.createElement('img');
  // A mouse dragging the photo swipes; it does not drag the image out.
  image.draggable = false;
  const caption = document.createElement('figcaption');
  const counter = document.createElement('p');
  counter.className = 'lightbox__counter';
  figure.append(picture, caption);
  const button = (label: string, text: string, className: string, onClick: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = className;
    element.setAttribute('aria-label', label);
    element.textContent = text;
    element.addEventListener('click', onClick);
    return element;
  };
  const previous = button('Previous photo', '‹', 'lightbox__previous', () => show(index - 1));
  const next = button('Next photo', '›', 'lightbox__next', () => show(index + 1));
  const close = button('Close', '×', 'lightbox__close', () => closeLightbox());
  dialog.append(close, figure, counter, previous, next);

  function show(at: number): void {
    index = (at + links.length) % links.length;
    const link = links[index];
    const thumbnail = link.querySelector('img');
    // The page's variants, chosen for the whole width of the screen (the photo fills it on a phone).
    const sources = Array.from(link.querySelectorAll('picture > source'), (source) => {
      const copy = source.cloneNode() as HTMLSourceElement;
      copy.sizes = '100vw';
      return copy;
    });
    image.src = link.getAttribute('href') ?? '';
    image.alt = thumbnail?.alt ?? '';
    picture.replaceChildren(...sources, image);
    const text = link.parentElement?.querySelector('figcaption')?.textContent ?? '';
    caption.textContent = text;
    caption.hidden = text === '';
    counter.textContent = `${index + 1} / ${links.length}`;
    dialog.setAttribute('aria-label', `Photo ${index + 1} of ${links.length}`);
    previous.hidden = next.hidden = links.length === 1;
  }

  // Browsers without the modal dialog (Safari before 15.4) show it open, closed by hand.
  const modal = typeof dialog.showModal === 'function';
  function closeLightbox(): void {
    if (modal) dialog.close();
    else {
      dialog.removeAttribute('open');
      dialog.dispatchEvent(new Event('close'));
    }
  }

  dialog.addEventListener('keydown', (event) => {
    if (!modal && event.key === 'Escape') closeLightbox();
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      show(index + (event.key === 'ArrowRight' ? 1 : -1));
    }
  });
  // A swipe (a finger, a pen or a mouse dragged sideways) shows the next photo or the one before.
  let swipeStart: { x: number; y: number } | null = null;
  let swiped = false;
  dialog.addEventListener('pointerdown', (event) => {
    swipeStart = event.isPrimary ? { x: event.clientX, y: event.clientY } : null;
    swiped = false;
  });
  dialog.addEventListener('pointerup', (event) => {
    if (!swipeStart || links.length === 1) return;
    const dx = event.clientX - swipeStart.x;
    const dy = event.clientY - swipeStart.y;
    swipeStart = null;
    if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) < Math.abs(dy)) return;
    swiped = true;
    show(index + (dx < 0 ? 1 : -1));
  });
  dialog.addEventListener('pointercancel', () => {
    swipeStart = null;
  });
  // A click on the backdrop (the dialog itself, outside its content) closes it; not the end of a swipe.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog && !swiped) closeLightbox();
    swiped = false;
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    links[index].focus();
  });

  show(index);
  document.body.append(dialog);
  if (modal) dialog.showModal();
  else dialog.setAttribute('open', '');
  close.focus();
}
