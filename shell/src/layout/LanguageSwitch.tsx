import {
  LANGUAGE_NAMES,
  LANGUAGES,
  languageSwitchHref,
  switchPageLanguage,
  useLanguage,
  useLocation,
  useT,
} from '@fu/shared';

/**
 * English · Español in the footer of every page (docs/i18n.md): the page's language as plain text,
 * the other as a link to this page in it. With scripts the page is drawn again in place and the
 * choice remembered (fu_lang); without them the server sets the cookie and sends the page again.
 * Each name is in its own language, marked so for screen readers (WCAG 3.1.2).
 */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <nav className="fp-languages" aria-label={t('shell.language.label')}>
      {LANGUAGES.map((option) =>
        option === language ? (
          <span key={option} lang={option} aria-current="true">
            {LANGUAGE_NAMES[option]}
          </span>
        ) : (
          <a
            key={option}
            href={languageSwitchHref(pathname, search, option)}
            lang={option}
            hrefLang={option}
            onClick={(event) => {
              event.preventDefault();
              void switchPageLanguage(option);
            }}
          >
            {LANGUAGE_NAMES[option]}
          </a>
        ),
      )}
    </nav>
  );
}
