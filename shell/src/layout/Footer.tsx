import { Link } from '@fu/shared';
import styles from './layout.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <Link to="/Help">Help &amp; Support</Link>
    </footer>
  );
}
