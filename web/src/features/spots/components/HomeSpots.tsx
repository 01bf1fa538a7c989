import styles from './home-spots.module.css';

/**
 * The home page's main column: the My Spots gallery (spec §2). The spots issue fills it
 * with the map, search, filters, sort, cards and pager.
 */
export function HomeSpots() {
  return (
    <section className={styles.section} aria-labelledby="home-my-spots">
      <h2 id="home-my-spots" className={styles.heading}>
        My Spots
      </h2>
    </section>
  );
}
