import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * Checks of the app shell that read what the browser computed: colours and contrast,
 * focus rings, accessible names, overflow, scrolling. Everything runs in the page; the
 * functions handed to `evaluate` are self-contained because they are serialized.
 */

export type Rgba = [number, number, number, number];

export interface ContrastSample {
  what: string;
  text: string;
  color: Rgba;
  background: Rgba;
  ratio: number;
  /** WCAG's minimum for this text: 3 for large text, 4.5 otherwise */
  minimum: number;
}

/**
 * The contrast of every visible piece of text in `root` (itself included) against the
 * background actually painted behind it (ancestors' backgrounds composited; text over a
 * gradient or an image is skipped, as it cannot be read from styles). Colours are
 * resolved through a canvas, so `oklch()`, `color-mix()` and alpha all come out as sRGB.
 * Self-contained: it runs in the page.
 */
function measureTextContrast(root: Element): ContrastSample[] {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const rgba = (css: string): Rgba => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3];
    const mix = (i: number) => top[i]! * a + bottom[i]! * (1 - a);
    return [mix(0), mix(1), mix(2), 1];
  };
  const luminance = (c: Rgba) => {
    const lin = (v: number) =>
      v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4;
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  };
  const ratio = (a: Rgba, b: Rgba) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (l1! + 0.05) / (l2! + 0.05);
  };
  /** The opaque colour behind `element`, or null when an image or gradient is in the way. */
  const backgroundOf = (element: Element): Rgba | null => {
    const layers: Rgba[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') return null;
      const color = rgba(style.backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    const canvasColor: Rgba = matchMedia('(prefers-color-scheme: dark)').matches
      ? [18, 18, 18, 1]
      : [255, 255, 255, 1];
    let result = layers.at(-1)?.[3] === 1 ? layers.pop()! : canvasColor;
    while (layers.length) result = over(layers.pop()!, result);
    return result;
  };
  const samples: ContrastSample[] = [];
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    const ownText = Array.from(element.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!ownText) continue;
    if (element.closest('[disabled], [aria-disabled="true"], [aria-hidden="true"], svg')) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
    if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue;
    const background = backgroundOf(element);
    if (!background) continue;
    const color = over(rgba(style.color), background);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const cls = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    samples.push({
      what: `${element.tagName.toLowerCase()}${cls ? '.' + cls : ''}`,
      text: ownText.slice(0, 40),
      color,
      background,
      ratio: Math.round(ratio(color, background) * 100) / 100,
      minimum: large ? 3 : 4.5,
    });
  }
  return samples;
}

/** Text contrast of everything visible under `scope` (default: the whole page). */
export function contrastSamples(page: Page, scope = 'body'): Promise<ContrastSample[]> {
  return page.locator(scope).first().evaluate(measureTextContrast);
}

/** The contrast of one element's own text (or its first piece of text) against its background. */
export async function contrastOf(locator: Locator): Promise<ContrastSample> {
  const [sample] = await locator.evaluate(measureTextContrast);
  if (!sample) throw new Error('no visible text to measure');
  return sample;
}

/** The computed background colour of `selector` as sRGB (through a canvas). */
export function backgroundColor(page: Page, selector: string): Promise<Rgba> {
  return page.evaluate((sel) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.fillStyle = getComputedStyle(document.querySelector(sel)!).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]! / 255] as Rgba;
  }, selector);
}

/** WCAG relative luminance of an opaque sRGB colour: 0 black … 1 white. */
export function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export interface FocusStop {
  /** tag, role-ish description and accessible name of the focused element */
  label: string;
  tag: string;
  name: string;
  focusVisible: boolean;
  /** outline or box-shadow drawn, and its colour's contrast against the page behind */
  indicator: string | null;
  indicatorContrast: number | null;
}

/** Presses Tab and describes where focus went and how that is shown. */
export async function tabAndDescribe(page: Page): Promise<FocusStop> {
  await page.keyboard.press('Tab');
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) {
      return {
        label: 'body',
        tag: 'body',
        name: '',
        focusVisible: false,
        indicator: null,
        indicatorContrast: null,
      };
    }
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
    };
    const lum = (c: number[]) => {
      const [r, g, b] = [0, 1, 2].map((i) => {
        const v = c[i]! / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    // The page colour around the element: the nearest opaque ancestor background.
    let around = matchMedia('(prefers-color-scheme: dark)').matches
      ? [18, 18, 18, 1]
      : [255, 255, 255, 1];
    for (let node = el.parentElement; node; node = node.parentElement) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3]! >= 1) {
        around = c;
        break;
      }
    }
    // The ring may fade in (a short transition): read it once it has.
    await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const style = getComputedStyle(el);
    const contrast = (color: number[]) => {
      const a = color[3]!;
      const blended = [0, 1, 2].map((i) => color[i]! * a + around[i]! * (1 - a));
      const [l1, l2] = [lum(blended), lum(around)].sort((x, y) => y - x);
      return Math.round(((l1! + 0.05) / (l2! + 0.05)) * 100) / 100;
    };
    // What draws the focus: an outline, or a box-shadow ring (then, with it, the border).
    const parts: { what: string; color: number[] }[] = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      parts.push({
        what: `outline ${style.outlineWidth} ${style.outlineColor}`,
        color: rgba(style.outlineColor),
      });
    }
    const shadowColor = /^\s*([a-z-]+\([^)]*\)|#[0-9a-f]+)/i.exec(style.boxShadow)?.[1];
    if (style.boxShadow !== 'none' && shadowColor && rgba(shadowColor)[3]! > 0) {
      parts.push({ what: `box-shadow ${style.boxShadow}`, color: rgba(shadowColor) });
      if (parseFloat(style.borderTopWidth) > 0) {
        parts.push({
          what: `border ${style.borderTopWidth} ${style.borderTopColor}`,
          color: rgba(style.borderTopColor),
        });
      }
    }
    const indicator = parts.length
      ? parts.map((p) => `${p.what} (${contrast(p.color)}:1)`).join(' + ')
      : null;
    const indicatorContrast = parts.length
      ? Math.max(...parts.map((p) => contrast(p.color)))
      : null;
    // The accessible name as assistive technology computes it, for the usual cases.
    const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const labelledBy = el.getAttribute('aria-labelledby');
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const name =
      clean(
        labelledBy
          ?.split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ) ||
      clean(el.getAttribute('aria-label')) ||
      clean(labels ? Array.from(labels, (l) => l.textContent).join(' ') : '') ||
      clean(el.innerText) ||
      clean(
        Array.from(el.querySelectorAll('img[alt]'), (img) => img.getAttribute('alt')).join(' '),
      ) ||
      clean(el.getAttribute('title'));
    const tag = el.tagName.toLowerCase();
    return {
      label: `${tag}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''} "${name}"`,
      tag,
      name,
      focusVisible: el.matches(':focus-visible'),
      indicator,
      indicatorContrast,
    };
  });
}

/**
 * Every form control in the page with its accessible name, computed as assistive
 * technology does for form fields: aria-labelledby, then aria-label, then <label>s,
 * then title (placeholder does not count as a label).
 */
export function controlNames(page: Page): Promise<{ control: string; name: string }[]> {
  return page.locator('input:not([type=hidden]), textarea, select').evaluateAll((controls) =>
    controls.map((el) => {
      const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const labelledBy = el.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => text(document.getElementById(id)))
            .join(' ')
            .trim()
        : '';
      const byLabels = Array.from((el as HTMLInputElement).labels ?? [])
        .map((l) => text(l))
        .join(' ')
        .trim();
      const name =
        byIds ||
        el.getAttribute('aria-label')?.trim() ||
        byLabels ||
        el.getAttribute('title') ||
        '';
      const type = el.getAttribute('type');
      return {
        control: `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''}#${el.id || '?'}`,
        name,
      };
    }),
  );
}

/** How far the page is wider than its viewport (0 = no horizontal overflow). */
export function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const rect = el.getBoundingClientRect();
        if (rect.right > width + 0.5 && rect.width > 0) {
          const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
          culprits.push(`${el.tagName.toLowerCase()}.${cls} right=${Math.round(rect.right)}`);
          if (culprits.length >= 5) break;
        }
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

/** The csrftoken cookie the server set for this browser profile. */
export async function csrfCookie(context: BrowserContext, base: string): Promise<string> {
  const cookie = (await context.cookies(base)).find((c) => c.name === 'csrftoken');
  if (!cookie) throw new Error('no csrftoken cookie');
  return cookie.value;
}

/** Logs the browser's session out on the server only, as another tab would: the page
 * still believes it is signed in. */
export async function logoutBehindThePagesBack(context: BrowserContext, base: string) {
  const response = await context.request.post(`${base}/api/user/logout/`, {
    headers: { 'X-CSRFToken': await csrfCookie(context, base), Origin: base },
  });
  if (!response.ok()) throw new Error(`logout answered ${response.status()}`);
}

/** `GET /api/user/session/` from inside the page, with its cookies. */
export function sessionFromPage(page: Page): Promise<{ user: unknown }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/session/', { credentials: 'include' });
    return (await response.json()) as { user: unknown };
  });
}
