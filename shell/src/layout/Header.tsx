import { Link } from '@fu/shared';
import logo from '@fu/shared/assets/logo-mark.svg';
import styles from './layout.module.css';

export function Header() {
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        <img src={logo} alt="Fundraising University home" width={40} height={40} />
        <span className={styles.tagline}>Fueled by Fundraising University</span>
      </Link>
    </header>
  );
}
