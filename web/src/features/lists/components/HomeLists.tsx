import styles from './home-lists.module.css';

/**
 * The home page's side column: My Lists and Followed Lists (spec §2). The lists issue
 * fills both sections (create button, search toggle, pages of 5, followed-lists hint).
 */
export function HomeLists() {
  return (
    <div className={styles.column}>
      <section className={styles.section} aria-labelledby="home-my-lists">
        <h2 id="home-my-lists" className={styles.heading}>
          My Lists
        </h2>
      </section>
      <section className={styles.section} aria-labelledby="home-followed-lists">
        <h2 id="home-followed-lists" className={styles.heading}>
          Followed Lists
        </h2>
      </section>
    </div>
  );
}
