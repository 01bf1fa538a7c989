import { useId, type ReactNode } from 'react';
import styles from './confirm-card.module.css';

export interface ConfirmCardProps {
  /** A lucide icon at 26 px; shown in a round badge of the tone's colour. */
  icon: ReactNode;
  tone?: 'primary' | 'danger';
  title: ReactNode;
  headingLevel?: 1 | 2;
  /** The explanation under the title. */
  children?: ReactNode;
  /** Between the text and the buttons: an error, for instance. */
  notice?: ReactNode;
  actions: ReactNode;
}

/**
 * A centred card that asks one thing: an icon, a title, a line of explanation and the
 * buttons (delete confirmations, the sign-in prompt).
 */
export function ConfirmCard({
  icon,
  tone = 'primary',
  title,
  headingLevel = 1,
  children,
  notice,
  actions,
}: ConfirmCardProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.icon} data-tone={tone} aria-hidden="true">
        {icon}
      </div>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {children && <div className={styles.text}>{children}</div>}
      {notice}
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}
