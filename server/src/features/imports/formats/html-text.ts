/**
 * My Maps and Google Earth write descriptions as HTML (`Great<br>coffee`); a review is
 * plain text. Line breaks stay line breaks, tags go, and the common entities are read.
 * Nothing is rendered from it, so this needs to be readable, not a full HTML parser.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n');
}
