import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` for the body font's Latin file to the built
 * index.html. Without it the browser asks for the font only once the entry script has
 * drawn text, so on a slow phone the 48 KB download starts after the 113 KB script
 * instead of beside it, and the page's first text waits for both in turn (issue 14 §4,
 * decision 024). Only Latin: the other subsets load by their `unicode-range` as before.
 * `crossorigin` because fonts are fetched in CORS mode; without it the preload is not used.
 */
export function preloadFont(fileName: RegExp): Plugin {
  return {
    name: 'spotbook-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && fileName.test(output.fileName),
        );
        if (font === undefined) throw new Error(`no font file matches ${fileName}`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
