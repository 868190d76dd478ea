import { adminTargetPath, adminUrl } from './adminTargets';

describe('admin redirects (spec §2 Admin)', () => {
  it.each([
    ['/Admin', '/'],
    ['/admin/', '/'],
    ['/Admin/Vendors', '/Vendors/'],
    ['/Admin/Vendor/12', '/Vendors/Details/12'],
    ['/Admin/VendorOffers', '/VendorOffers/'],
    ['/Admin/VendorOffer/7/12', '/VendorOffers/Details/7'],
    ['/Admin/Ticket/3', '/Fundraisers/Details/3'],
    ['/Admin/Tickets', '/Fundraisers/'],
  ])('%s goes to %s', (path, target) => {
    expect(adminTargetPath(path)).toBe(target);
  });

  it('does not redirect paths the spec does not name', () => {
    expect(adminTargetPath('/Admin/Vendor/abc')).toBeUndefined();
    expect(adminTargetPath('/Admin/Unknown')).toBeUndefined();
    expect(adminTargetPath('/Admin/Vendors/1')).toBeUndefined();
  });

  it('joins the base URL without doubling slashes', () => {
    expect(adminUrl('https://admin.example.com/', '/Vendors/')).toBe('https://admin.example.com/Vendors/');
  });
});
