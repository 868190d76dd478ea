// The router API the apps use, from this one module. '@fu/shared' is a federation singleton, so the
// shell and every remote share one router (one context), and because only these names are
// re-exported the build keeps only the parts of react-router they need. Shared whole, the router
// would ship its data-router, server and hydration code on every page. ESLint forbids importing
// react-router-dom anywhere else.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchRoutes,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
