import type { RenderElementProps } from 'slate-react';
import { calloutKindOf, type CalloutElement as CalloutNode } from './callout';

export function CalloutElement({ attributes, children, element }: RenderElementProps & { element: CalloutNode }) {
  return (
    <div {...attributes} className={`callout callout-${element.kind}`} role="note">
      <p className="callout-label" contentEditable={false}>
        {calloutKindOf(element.kind).label}
      </p>
      <p>{children}</p>
    </div>
  );
}
