import { firstCalls, fundraiserLookups, PageHeading, useAsync, Link, useParams, useServedAnswer } from '@fu/shared';
import { useLookup } from '../hooks/useLookup';
import { parseRouteItemId } from '../../../utils/routeParams';
import { orderPath, resolvePhone, selectSchoolPath, startPath } from '../selectionLinks';
import { LookupList } from './LookupList';
import { HistoryCrumb } from './HistoryCrumb';

export function SelectTeamPage() {
  const params = useParams();
  const schoolId = parseRouteItemId(params.schoolId);
  const itemId = parseRouteItemId(params.itemId);
  const phone = resolvePhone(params.phone);
  const school = useAsync(
    () => fundraiserLookups.getSchool(schoolId),
    [schoolId],
    useServedAnswer(firstCalls.school(schoolId)),
  );
  const groups = useLookup(
    () => fundraiserLookups.listActiveFundraisers(schoolId, itemId),
    [schoolId, itemId],
    useServedAnswer(firstCalls.groups(schoolId, itemId)),
  );
  return (
    <main className="page">
      {school.status === 'success' && (
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            <li>
              <HistoryCrumb steps={2} fallback="/">
                {school.data.state}
              </HistoryCrumb>
            </li>
            <li aria-hidden="true">›</li>
            <li>
              <HistoryCrumb steps={1} fallback={selectSchoolPath(school.data.state, itemId, phone)}>
                {school.data.name}
              </HistoryCrumb>
            </li>
          </ol>
        </nav>
      )}
      <PageHeading title="Select Group">Select Group</PageHeading>
      <LookupList
        state={groups}
        label="Groups"
        empty="This school has no active groups right now."
        emptyWayOn={{
          to:
            school.status === 'success' ? selectSchoolPath(school.data.state, itemId, phone) : startPath(itemId, phone),
          text: 'Choose another school',
        }}
        itemKey={(group) => group.id}
        renderItem={(group) => <Link to={orderPath(group.id, itemId, phone)}>{group.teamName}</Link>}
      />
    </main>
  );
}
