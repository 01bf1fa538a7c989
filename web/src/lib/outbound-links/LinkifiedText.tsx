import { useMemo } from 'react';
import { findLinks } from './find-links.ts';
import { OutboundLink } from './OutboundLink.tsx';

/**
 * User text with its outbound links made safe to follow (spec §2, §5). Everything is a
 * text node or a React element: the text is never parsed as markup. Blocked hosts stay
 * plain text. Line breaks are the container's business (`white-space: pre-line`).
 */
export function LinkifiedText({ text }: { text: string }) {
  const segments = useMemo(() => findLinks(text), [text]);
  return segments.map((segment, index) =>
    segment.kind === 'link' ? (
      <OutboundLink key={index} link={segment} />
    ) : (
      // A plain string child is rendered as a text node, escaped by React.
      <span key={index}>{segment.text}</span>
    ),
  );
}
