import { LANGUAGE_NAMES, LANGUAGES, switchPageLanguage, useLanguage, useT } from '@fu/shared';

/**
 * English · Español in the footer of every page (docs/i18n.md): the page's language as plain text,
 * the other as a button that redraws the page in it and is remembered (fu_lang). Each name is in
 * its own language, marked so for screen readers (WCAG 3.1.2).
 */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  return (
    <nav className="fp-languages" aria-label={t('shell.language.label')}>
      {LANGUAGES.map((option) =>
        option === language ? (
          <span key={option} lang={option} aria-current="true">
            {LANGUAGE_NAMES[option]}
          </span>
        ) : (
          <button key={option} type="button" lang={option} onClick={() => void switchPageLanguage(option)}>
            {LANGUAGE_NAMES[option]}
          </button>
        ),
      )}
    </nav>
  );
}
