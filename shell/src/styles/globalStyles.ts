// The site's global styles: design tokens and the first paint's fp- classes (shared/src).
import '@fu/shared/tokens.css';
import '@fu/shared/firstPaint.css';
