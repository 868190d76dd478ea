// Issue 34 (COPPA): children's pages with a parent. The private student page (the age question and
// the parent's phone) and the parent's landing (/ParentConsent/{token}).
export { PrivateStudentPage } from './components/PrivateStudentPage';
export { ParentConsentPage } from './components/ParentConsentPage';
export { parentalConsentApi } from './api/parentalConsentApi';
