import { Link } from '@fu/shared';
import logo from '@fu/shared/assets/logo-mark.svg';

// Global fp- classes (@fu/shared/firstPaint.css): the server's first paint draws the same header.
export function Header() {
  return (
    <header className="fp-header">
      <Link to="/" className="fp-brand">
        <img src={logo} alt="Fundraising University home" width={40} height={40} />
        <span className="fp-tagline">Fueled by Fundraising University</span>
      </Link>
    </header>
  );
}
