import { CircleCheck, MapPin } from 'lucide-react';
import { cx } from '@/lib/cx.ts';
import styles from './visited-icon.module.css';

export const VISITED_LABEL = 'Already visited';
export const WANT_TO_GO_LABEL = 'Want to go';

export interface VisitedIconProps {
  visited: boolean;
  /** Show the words next to the icon, as a chip. */
  showLabel?: boolean;
  size?: number;
  className?: string;
}

/** Spec §4: a check for 'already visited', the primary's pin for 'want to go'. */
export function VisitedIcon({
  visited,
  showLabel = false,
  size = 18,
  className,
}: VisitedIconProps) {
  const Icon = visited ? CircleCheck : MapPin;
  const label = visited ? VISITED_LABEL : WANT_TO_GO_LABEL;
  const tone = visited ? styles.visited : styles.wantToGo;

  if (showLabel) {
    return (
      <span className={cx(styles.chip, tone, className)}>
        <Icon size={size - 2} aria-hidden="true" />
        {label}
      </span>
    );
  }
  return (
    <span className={cx(styles.icon, tone, className)} role="img" aria-label={label} title={label}>
      <Icon size={size} aria-hidden="true" />
    </span>
  );
}
