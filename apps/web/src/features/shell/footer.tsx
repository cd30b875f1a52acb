import { Link } from 'react-router';
import { currentSite } from '../../lib/site';
import styles from './footer.module.css';

export function Footer() {
  const site = currentSite();
  return (
    <footer className={styles.footer}>
      <ul className={styles.links}>
        <li>
          <Link to="/company">About</Link>
        </li>
        <li>
          <Link to="/customer-support">Help</Link>
        </li>
        <li>
          <Link to="/promotions">Promotions</Link>
        </li>
        <li>
          <Link to="/speedtest">Speed test</Link>
        </li>
      </ul>
      <p>
        <span className={styles.age}>{site.minimumAge}+</span>
        Betting is for adults only. Play responsibly. Dau {site.country}.
      </p>
    </footer>
  );
}
