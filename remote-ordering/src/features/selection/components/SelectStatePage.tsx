import { firstCalls, fundraiserLookups, PageHeading, Link, useParams, useServedAnswer, useT } from '@fu/shared';
import { useLookup } from '../hooks/useLookup';
import { resolveItemId, resolvePhone, selectSchoolPath, type SelectionMode } from '../selectionLinks';
import { LookupList } from './LookupList';

export function SelectStatePage({ mode }: { mode: SelectionMode }) {
  const t = useT();
  const { pItemId, pPhone } = useParams();
  const itemId = resolveItemId(mode, pItemId);
  const phone = resolvePhone(pPhone);
  const states = useLookup(
    () => fundraiserLookups.listActiveStates(itemId),
    [itemId],
    useServedAnswer(firstCalls.states(itemId)),
  );
  return (
    <main className="page">
      <PageHeading title={t('ordering.selectState.title')}>{t('ordering.selectState.title')}</PageHeading>
      <LookupList
        state={states}
        label={t('ordering.selectState.list')}
        empty={t('ordering.selectState.empty')}
        emptyWayOn={{ to: '/Help', text: t('ordering.selectState.help') }}
        itemKey={(state) => state}
        renderItem={(state) => <Link to={selectSchoolPath(state, itemId, phone)}>{state}</Link>}
      />
    </main>
  );
}
