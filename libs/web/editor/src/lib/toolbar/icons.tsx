import type { ReactNode, SVGProps } from 'react';

/** The toolbar's icons, drawn in the spirit of Quill's snow theme (18 px, 2 px strokes). */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
export const thin = { ...stroke, strokeWidth: 1.5 } as const;

export const BoldIcon = () => (
  <Icon>
    <path {...stroke} d="M5 3.5h4.5a2.75 2.75 0 0 1 0 5.5H5zM5 9h5.25a2.75 2.75 0 0 1 0 5.5H5z" />
  </Icon>
);

export const ItalicIcon = () => (
  <Icon>
    <path {...stroke} d="M8 3.5h6M4 14.5h6M11 3.5l-4 11" />
  </Icon>
);

export const UnderlineIcon = () => (
  <Icon>
    <path {...stroke} d="M5 3v5.5a4 4 0 0 0 8 0V3M3.5 15.5h11" />
  </Icon>
);

export const StrikeIcon = () => (
  <Icon>
    <path
      {...stroke}
      d="M12.5 5.5c-.3-1.4-1.7-2.5-3.5-2.5-2 0-3.5 1.1-3.5 2.6 0 1.1.7 1.9 2 2.4M6 12.5c.3 1.5 1.7 2.5 3.5 2.5 2 0 3.5-1.1 3.5-2.7 0-.6-.2-1.1-.6-1.5M3 9h12"
    />
  </Icon>
);

export const ColorIcon = ({ color }: { color: string }) => (
  <Icon>
    <path {...thin} d="M5.5 12.5L9 3l3.5 9.5M6.6 9.5h4.8" />
    <rect x="2.5" y="14.25" width="13" height="2.5" rx="0.5" fill={color} stroke="#444" strokeWidth="0.5" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path {...stroke} d="M7.5 10.5l3-3M8.5 5.5l1-1a2.8 2.8 0 0 1 4 4l-1 1M9.5 12.5l-1 1a2.8 2.8 0 0 1-4-4l1-1" />
  </Icon>
);

export const ImageIcon = () => (
  <Icon>
    <rect {...thin} x="2.75" y="3.75" width="12.5" height="10.5" rx="1" />
    <circle cx="6.5" cy="7.25" r="1.25" fill="currentColor" />
    <path {...thin} d="M15 11.5l-3.5-3.5-6.75 6.25" />
  </Icon>
);

/** A speaker with its sound. */
export const NumberedListIcon = () => (
  <Icon>
    <path {...stroke} d="M7.5 4.5h8M7.5 9h8M7.5 13.5h8" />
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.1"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M2.5 3.3l1-.8v3.3M2.3 8.1c.3-.4.7-.6 1.1-.6.6 0 .9.4.9.8 0 .7-1.6 1.6-1.9 2.5h2M2.4 12.3c.2-.3.6-.5 1-.5.5 0 .9.3.9.8s-.4.7-.9.7c.6 0 1 .3 1 .8s-.4.9-1 .9c-.4 0-.8-.2-1-.5"
    />
  </Icon>
);

export const BulletedListIcon = () => (
  <Icon>
    <path {...stroke} d="M7 4.5h8.5M7 9h8.5M7 13.5h8.5" />
    <circle cx="3.5" cy="4.5" r="1.25" fill="currentColor" />
    <circle cx="3.5" cy="9" r="1.25" fill="currentColor" />
    <circle cx="3.5" cy="13.5" r="1.25" fill="currentColor" />
  </Icon>
);

export const BlockQuoteIcon = () => (
  <Icon>
    <path
      fill="currentColor"
      d="M3 13V9.6C3 6.3 4.6 4.6 7.3 4.2l.4 1.4C6.2 6 5.4 7 5.3 8.6H7.7V13zM10 13V9.6c0-3.3 1.6-5 4.3-5.4l.4 1.4c-1.5.4-2.3 1.4-2.4 3h2.4V13z"
    />
  </Icon>
);

export const CodeBlockIcon = () => (
  <Icon>
    <path {...stroke} d="M5.5 5L2 9l3.5 4M12.5 5L16 9l-3.5 4M10.25 3.5l-2.5 11" />
  </Icon>
);

export const IndentIcon = () => (
  <Icon>
    <path {...stroke} d="M3 3.5h12M9 7.25h6M9 10.75h6M3 14.5h12" />
    <path fill="currentColor" d="M3 6.5l3 2.5-3 2.5z" />
  </Icon>
);

export const OutdentIcon = () => (
  <Icon>
    <path {...stroke} d="M3 3.5h12M9 7.25h6M9 10.75h6M3 14.5h12" />
    <path fill="currentColor" d="M6 6.5L3 9l3 2.5z" />
  </Icon>
);

export const FullScreenIcon = () => (
  <Icon>
    <path {...stroke} d="M3 7V3h4M11 3h4v4M15 11v4h-4M7 15H3v-4" />
  </Icon>
);

export const ClearFormattingIcon = () => (
  <Icon>
    <path {...stroke} d="M4 4h9M8.5 4l-2 10M4.5 14h4M11 10.5l4 4M15 10.5l-4 4" />
  </Icon>
);

/** A short text label drawn as an icon (the table's row and column actions). */
export const TextIcon = ({ text }: { text: string }) => (
  <span className="rte-text-icon" aria-hidden="true">
    {text}
  </span>
);
