import { firstCalls, fundraiserLookups, PageHeading, Link, useParams, useServedAnswer } from '@fu/shared';
import { useLookup } from '../hooks/useLookup';
import { resolveItemId, resolvePhone, selectSchoolPath, type SelectionMode } from '../selectionLinks';
import { LookupList } from './LookupList';

export function SelectStatePage({ mode }: { mode: SelectionMode }) {
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
      <PageHeading title="Select Fundraiser's State">Select Fundraiser&apos;s State</PageHeading>
      <LookupList
        state={states}
        label="States"
        empty="There are no active fundraisers right now."
        emptyWayOn={{ to: '/Help', text: 'Get help finding your fundraiser' }}
        itemKey={(state) => state}
        renderItem={(state) => <Link to={selectSchoolPath(state, itemId, phone)}>{state}</Link>}
      />
    </main>
  );
}
