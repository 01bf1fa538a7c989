import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

/**
 * The TTF files the server's pictures draw text with (decision 017): Inter for Latin,
 * Greek and Cyrillic, Noto Sans JP for Chinese and Japanese, Noto Sans Arabic, and the
 * monochrome Noto Emoji. Only the weights a picture uses: Inter for cluster counts and
 * the card's byline (400, 600) and title (700); the other scripts at 700 only, which
 * Skia's matching also uses for lighter text (each Noto Sans JP weight is 5.4 MB).
 */
const fontFiles = () => [
  // Literal paths, so knip sees the packages in use.
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
  require.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
];

/**
 * A CSS font-family list: Skia shapes each run with the first family that has its
 * characters (HarfBuzz, bidi included), so a name mixing scripts is drawn whole. Only
 * registered families: a character none has would come from the system's fonts.
 */
export const PICTURE_FONT_FAMILY = 'Inter, "Noto Sans JP", "Noto Sans Arabic", "Noto Emoji"';

let registered = false;

/**
 * Registers the files with Skia, once per process (the collection is shared by the
 * worker threads of a process, so a second thread finds them there).
 */
export function registerPictureFonts(): void {
  if (registered) return;
  registered = true;
  if (GlobalFonts.has('Noto Emoji')) return;
  for (const file of fontFiles()) {
    if (!GlobalFonts.registerFromPath(file)) {
      throw new Error(`Could not load the picture font ${file}`);
    }
  }
}
