import type { ReactNode } from 'react';
import type { SpotPicture } from './spot-image.ts';
import styles from './spot-card.module.css';

/**
 * An <img> with, when the picture has one, its dark-theme version for screens in dark
 * mode. Chosen by the browser from the media query, not by script, so the server-drawn
 * location picture matches the page's theme from the first paint.
 */
export function ThemedPicture({
  picture,
  children,
}: {
  picture: SpotPicture;
  children: ReactNode;
}) {
  if (!picture.darkSrc) return children;
  return (
    <picture className={styles.picture}>
      <source media="(prefers-color-scheme: dark)" srcSet={picture.darkSrc} />
      {children}
    </picture>
  );
}
