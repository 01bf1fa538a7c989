import { ButtonLink } from '@/components/Button.tsx';
import { withQuery } from '@/lib/query-string.ts';
import styles from './signed-out-map.module.css';

/**
 * What a signed-out viewer sees in place of the list's map (spec §2): a greyed picture of
 * no place in particular under Sign In / Sign Up 'to view this Map'. Plain markup and one
 * inlined SVG: no MapLibre, no map settings, no picture of the list (the server draws
 * those for signed-in viewers only, spec §6), so a shared link opens fast on a phone
 * (issue 14 §4, docs/decisions/024-shared-list-on-a-phone.md). The box has the map's
 * height, so nothing moves when the viewer signs in and the real map takes its place.
 */
export function SignedOutMap({ listKey, height }: { listKey: string; height: string }) {
  return (
    <div className={styles.frame} style={{ height }} data-disabled="">
      <div className={styles.prompt}>
        <ButtonLink to={withQuery('/signin', { listId: listKey })} size="sm">
          Sign In
        </ButtonLink>
        <span>or</span>
        <ButtonLink to={withQuery('/signup', { listId: listKey })} size="sm" variant="secondary">
          Sign Up
        </ButtonLink>
        <span>to view this Map</span>
      </div>
    </div>
  );
}
