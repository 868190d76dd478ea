/**
 * The paths the shell draws itself (App.tsx), as React Router writes them. Every other path is a
 * remote's: its page table (`src/pages.tsx`) under the prefixes shared/src/remotes.json gives it,
 * or the friendly 404. The e2e's accessibility sweep is held to these and to the remotes' tables
 * (e2e/support/a11ySweep.test.ts), so a route added here needs a row there.
 */
export const shellRoutes = {
  help: '/Help',
  /** Redirects to the external admin app (spec §2 Admin). */
  admin: '/Admin/*',
  /** A remote's page, or the 404 when no remote serves the path. */
  rest: '*',
} as const;
