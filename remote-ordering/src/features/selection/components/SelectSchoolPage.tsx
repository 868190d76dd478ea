import { firstCalls, fundraiserLookups, PageHeading, Link, useParams, useServedAnswer, useT } from '@fu/shared';
import { useLookup } from '../hooks/useLookup';
import { parseRouteItemId } from '../../../utils/routeParams';
import { resolvePhone, selectTeamPath, startPath } from '../selectionLinks';
import { LookupList } from './LookupList';
import { HistoryCrumb } from './HistoryCrumb';

export function SelectSchoolPage() {
  const t = useT();
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
      <nav aria-label={t('ordering.selection.breadcrumb')}>
        <ol className="breadcrumb">
          <li>
            <HistoryCrumb steps={1} fallback="/">
              {location}
            </HistoryCrumb>
          </li>
        </ol>
      </nav>
      <PageHeading title={t('ordering.selectSchool.title')}>{t('ordering.selectSchool.title')}</PageHeading>
      <LookupList
        state={schools}
        label={t('ordering.selectSchool.list')}
        empty={t('ordering.selectSchool.empty', { location })}
        emptyWayOn={{ to: startPath(itemId, phone), text: t('ordering.selectSchool.otherState') }}
        itemKey={(school) => school.id}
        renderItem={(school) => <Link to={selectTeamPath(school.id, itemId, phone)}>{school.name}</Link>}
      />
    </main>
  );
}
