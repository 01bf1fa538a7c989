import { ListPlus, MapPin, Share2 } from 'lucide-react';
import { ButtonLink } from '@/components/Button.tsx';
import { HeroIllustration } from './HeroIllustration.tsx';
import styles from './home.module.css';

const PITCH = [
  {
    icon: MapPin,
    title: 'Collect spots you love',
    text: 'Save the cafés, viewpoints and quiet corners you have found, and the ones you want to try. Each spot keeps your own private review and star rating.',
  },
  {
    icon: ListPlus,
    title: 'Make lists for every trip',
    text: 'Gather spots into lists for a city, a weekend or a mood: “Lisbon in spring”, “Best ramen”, “Rainy-day museums”.',
  },
  {
    icon: Share2,
    title: 'Share with friends',
    text: 'Send a list by link, email or text message. Friends can open it without an account, and follow it to keep up.',
  },
] as const;

/** The signed-out front page: the three headlines plus Sign In and Sign Up (spec §1). */
export function SignedOutHome() {
  return (
    <div className={styles.signedOut}>
      <section className={styles.hero} aria-labelledby="home-hero-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>Your travel notebook</p>
          <h1 id="home-hero-title" className={styles.heroTitle}>
            Every place worth remembering, in one notebook.
          </h1>
          <p className={styles.heroLead}>
            Spotbook keeps the places you love and the ones you dream of, with your notes, your
            ratings and a map, ready to share when a friend asks “where should I go?”
          </p>
          <div className={styles.heroActions}>
            <ButtonLink to="/signup">Sign Up</ButtonLink>
            <ButtonLink to="/signin" variant="secondary">
              Sign In
            </ButtonLink>
          </div>
        </div>
        <HeroIllustration className={styles.heroArt} />
      </section>

      <ul role="list" className={styles.pitch}>
        {PITCH.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.pitchItem}>
            <span className={styles.pitchIcon} aria-hidden="true">
              <Icon size={22} />
            </span>
            <h2 className={styles.pitchTitle}>{title}</h2>
            <p className={styles.pitchText}>{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
