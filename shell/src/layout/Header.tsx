import { Link, useT } from '@fu/shared';
import logo from '@fu/shared/assets/logo-mark.svg';

// Global fp- classes (@fu/shared/firstPaint.css): the server's first paint draws the same header.
export function Header() {
  const t = useT();
  return (
    <header className="fp-header">
      <Link to="/" className="fp-brand">
        <img src={logo} alt={t('shell.header.logo')} width={40} height={40} />
        <span className="fp-tagline">{t('shell.header.tagline')}</span>
      </Link>
    </header>
  );
}
