/**
 * `html` with `extraHead` just before its `</head>`. The replacement is a function, not
 * a string: in a replacement string `` $` ``, `$'`, `$&`, `$1`, `$$` and `$<name>` are
 * patterns, so a list named ``x $` y`` would paste the page's head into itself.
 */
export function withExtraHead(html: string, extraHead: string): string {
  return extraHead ? html.replace('</head>', () => `${extraHead}\n</head>`) : html;
}
