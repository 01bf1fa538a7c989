export { toOutboundLink } from './find-links.ts';
export { LinkifiedText } from './LinkifiedText.tsx';
export { OutboundLink } from './OutboundLink.tsx';
