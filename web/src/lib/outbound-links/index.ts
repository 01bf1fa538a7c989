export { isBlockedHost } from './blocked-hosts.ts';
export { findLinks, toOutboundLink, type FoundLink, type TextSegment } from './find-links.ts';
export { LinkifiedText } from './LinkifiedText.tsx';
export { LEAVING_SITE_MESSAGE, OutboundLink, openAfterConfirm } from './OutboundLink.tsx';
