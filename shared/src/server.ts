// What only a server build needs of the router: the shell's first-screen render (shell/src/server).
// Kept out of '@fu/shared' so no page downloads it. ESLint forbids importing the router elsewhere.
export { StaticRouter } from 'react-router-dom';
