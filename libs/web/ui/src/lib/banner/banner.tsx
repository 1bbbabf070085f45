import type { ReactNode } from 'react';
import './banner.css';

export interface BannerProps {
  /** A decorative image covering the banner. */
  image: string;
  /** Usually the page's h1. */
  children?: ReactNode;
}

/** A full-width image band under the header, 390 px high from medium screens up, text centred on it. */
export function Banner({ image, children }: BannerProps) {
  return (
    <div className="ui-banner">
      <img className="ui-banner__image" src={image} alt="" width={1600} height={390} decoding="async" />
      {children && <div className="ui-banner__content">{children}</div>}
    </div>
  );
}
