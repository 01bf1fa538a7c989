import type { User } from '@spotbook/contract';
import { ListPlus, MapPin, Share2 } from 'lucide-react';
import { HomeLists } from '@/features/lists/components/HomeLists.tsx';
import { HomeSpots } from '@/features/spots/components/HomeSpots.tsx';
import styles from './home.module.css';

/** Spec §1: these three points, word for word. */
const INTRO_POINTS = [
  { icon: MapPin, text: 'Create spots to privately review places' },
  { icon: ListPlus, text: 'Organize spots into lists' },
  { icon: Share2, text: 'Share spots with friends via public lists' },
] as const;

/**
 * The signed-in home: the intro, then My Lists and Followed Lists (side column on
 * desktop) and My Spots (main column). The app composes the two features here, since
 * features do not import each other.
 */
export function SignedInHome({ user }: { user: User }) {
  return (
    <div className={styles.signedIn}>
      <section className={styles.intro} aria-labelledby="home-intro-title">
        <h1 id="home-intro-title" className={styles.introTitle}>
          Welcome back, {user.username}
        </h1>
        <ul role="list" className={styles.introPoints}>
          {INTRO_POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className={styles.introPoint}>
              <Icon size={18} aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.columns}>
        <aside className={styles.sideColumn} aria-label="Lists">
          <HomeLists />
        </aside>
        <div className={styles.mainColumn}>
          <HomeSpots />
        </div>
      </div>
    </div>
  );
}
