import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  icon: ReactNode;
  children: ReactNode;
  /** Links under the card ('Don't have an account? Sign Up'). */
  footer?: ReactNode;
}

/** The narrow, centred card every account page uses. */
export function AuthCard({ title, subtitle, icon, children, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        <div className={styles.body}>{children}</div>
      </section>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
