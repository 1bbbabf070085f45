import './lightbox.css';

/**
 * A gallery's photos shown one at a time, large, over the page: a modal `<dialog>` (the browser traps
 * the focus in it and closes it on Escape), Previous / Next buttons and the arrow keys, the photo's
 * caption, Close; the focus goes back to the photo's link when it closes. Loaded only when a visitor
 * opens a photo.
 */
export function openLightbox(gallery: Element, start: number): void {
  const links = Array.from(gallery.querySelectorAll<HTMLAnchorElement>('.gallery-item > a'));
  if (links.length === 0) return;
  let index = Math.min(Math.max(start, 0), links.length - 1);

  const dialog = document.createElement('dialog');
  dialog.className = 'lightbox';
  const figure = document.createElement('figure');
  const image = document.createElement('img');
  const caption = document.createElement('figcaption');
  const counter = document.createElement('p');
  counter.className = 'lightbox__counter';
  figure.append(image, caption);
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
    image.src = link.getAttribute('href') ?? '';
    image.alt = thumbnail?.alt ?? '';
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
  // A click on the backdrop (the dialog itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) closeLightbox();
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
