import { Link, useT } from '@fu/shared';
import { LanguageSwitch } from './LanguageSwitch';

// Global fp- classes (@fu/shared/firstPaint.css): the server's first paint draws the same footer.
export function Footer() {
  const t = useT();
  return (
    <footer className="fp-footer">
      <Link to="/Help">{t('shell.footer.help')}</Link>
      <LanguageSwitch />
    </footer>
  );
}
