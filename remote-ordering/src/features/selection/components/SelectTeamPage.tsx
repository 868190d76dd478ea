import {
  firstCalls,
  fundraiserLookups,
  PageHeading,
  useAsync,
  Link,
  useParams,
  useServedAnswer,
  useT,
} from '@fu/shared';
import { useLookup } from '../hooks/useLookup';
import { parseRouteItemId } from '../../../utils/routeParams';
import { orderPath, resolvePhone, selectSchoolPath, startPath } from '../selectionLinks';
import { LookupList } from './LookupList';
import { HistoryCrumb } from './HistoryCrumb';

export function SelectTeamPage() {
  const t = useT();
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
        <nav aria-label={t('ordering.selection.breadcrumb')}>
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
      <PageHeading title={t('ordering.selectTeam.title')}>{t('ordering.selectTeam.title')}</PageHeading>
      <LookupList
        state={groups}
        label={t('ordering.selectTeam.list')}
        empty={t('ordering.selectTeam.empty')}
        emptyWayOn={{
          to:
            school.status === 'success' ? selectSchoolPath(school.data.state, itemId, phone) : startPath(itemId, phone),
          text: t('ordering.selectTeam.otherSchool'),
        }}
        itemKey={(group) => group.id}
        renderItem={(group) => <Link to={orderPath(group.id, itemId, phone)}>{group.teamName}</Link>}
      />
    </main>
  );
}
