/**
 * Spec §2 Admin: our admin routes only redirect to the external admin app. Given the path after
 * /Admin, returns the admin app's path, or undefined for a path the spec does not name.
 */
export function adminTargetPath(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0]?.toLowerCase() !== 'admin') return undefined;
  const [page = '', id, extra] = segments.slice(1).map(decodeURIComponent);
  const safeId = id !== undefined && /^\d+$/.test(id) ? id : undefined;
  switch (page.toLowerCase()) {
    case '':
      return '/';
    case 'vendors':
      return id === undefined ? '/Vendors/' : undefined;
    case 'vendor':
      return safeId && extra === undefined ? `/Vendors/Details/${safeId}` : undefined;
    case 'vendoroffers':
      return id === undefined ? '/VendorOffers/' : undefined;
    case 'vendoroffer':
      return safeId ? `/VendorOffers/Details/${safeId}` : undefined;
    case 'ticket':
      return safeId && extra === undefined ? `/Fundraisers/Details/${safeId}` : undefined;
    case 'tickets':
      return id === undefined ? '/Fundraisers/' : undefined;
    default:
      return undefined;
  }
}

export function adminUrl(baseUrl: string, targetPath: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${targetPath}`;
}
