import { Link } from 'react-router-dom';
import styles from './layout.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <Link to="/Help">Help &amp; Support</Link>
    </footer>
  );
}
