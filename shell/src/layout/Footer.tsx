import { Link } from '@fu/shared';

// Global fp- classes (@fu/shared/firstPaint.css): the server's first paint draws the same footer.
export function Footer() {
  return (
    <footer className="fp-footer">
      <Link to="/Help">Help &amp; Support</Link>
    </footer>
  );
}
