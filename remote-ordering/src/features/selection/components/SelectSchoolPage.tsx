import { firstCalls, fundraiserLookups, PageHeading, Link, useParams, useServedAnswer } from '@fu/shared';
import { useLookup } from '../hooks/useLookup';
import { parseRouteItemId } from '../../../utils/routeParams';
import { resolvePhone, selectTeamPath, startPath } from '../selectionLinks';
import { LookupList } from './LookupList';
import { HistoryCrumb } from './HistoryCrumb';

export function SelectSchoolPage() {
  const params = useParams();
  const location = params.location ?? '';
  const itemId = parseRouteItemId(params.itemId);
  const phone = resolvePhone(params.phone);
  const schools = useLookup(
    () => fundraiserLookups.listActiveSchools(location, itemId),
    [location, itemId],
    useServedAnswer(firstCalls.schools(location, itemId)),
  );
  return (
    <main className="page">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          <li>
            <HistoryCrumb steps={1} fallback="/">
              {location}
            </HistoryCrumb>
          </li>
        </ol>
      </nav>
      <PageHeading title="Select Fundraiser's School">Select Fundraiser&apos;s School</PageHeading>
      <LookupList
        state={schools}
        label="Schools"
        empty={`There are no active fundraisers in ${location} right now.`}
        emptyWayOn={{ to: startPath(itemId, phone), text: 'Choose another state' }}
        itemKey={(school) => school.id}
        renderItem={(school) => <Link to={selectTeamPath(school.id, itemId, phone)}>{school.name}</Link>}
      />
    </main>
  );
}
