import { Link2, Lock } from 'lucide-react';
import { useId } from 'react';
import styles from './sharing-switch.module.css';

export interface SharingSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * Private or shareable by link (spec §4), as a real switch: a button with
 * role="switch" and aria-checked, so Space and Enter flip it and screen readers say "on".
 */
export function SharingSwitch({ checked, onChange, disabled }: SharingSwitchProps) {
  const labelId = useId();
  const helpId = useId();
  return (
    <div className={styles.field}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={helpId}
        className={styles.switch}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className={styles.thumb} aria-hidden="true" />
      </button>
      <div className={styles.text}>
        <span id={labelId} className={styles.label}>
          Shareable by link
        </span>
        <span id={helpId} className={styles.help}>
          {checked ? (
            <>
              <Link2 size={14} aria-hidden="true" /> Anyone with the link can open this list.
            </>
          ) : (
            <>
              <Lock size={14} aria-hidden="true" /> Private: only you can see this list.
            </>
          )}
        </span>
      </div>
    </div>
  );
}
