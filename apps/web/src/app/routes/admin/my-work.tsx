import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { MY_WORK } from '@visa/shared/my-work-texts';
import { MY_WORK_TILE } from '@visa/shared/staff-texts';
import { useMe } from '../../../features/auth/api/get-me';
import type { Who } from '../../../features/my-work/api/get-my-work';
import { MyWorkList } from '../../../features/my-work/components/my-work-list';

export function meta() {
  return [{ title: 'My work | Canada Visa Desk' }];
}

/**
 * My work (ADR 0079): the signed-in member's open IRCC letters by deadline; a super-admin can switch
 * to everyone's. Whose work is in the address (`?who=everyone`), so reload and Back keep it.
 */
export default function MyWorkPage() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const owner = me.data?.role === 'superadmin';
  const who: Who = owner && params.get('who') === 'everyone' ? 'everyone' : 'me';
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{MY_WORK_TILE.title}</h1>
        {owner && (
          <ToggleButtonGroup
            type="radio"
            name="my-work-who"
            className="ms-auto"
            aria-label={MY_WORK.whoLabel}
            value={who}
            onChange={(next: Who) => setParams(next === 'everyone' ? { who: next } : {})}
          >
            <ToggleButton id="my-work-who-me" value="me" variant="outline-dark" size="sm">
              {MY_WORK.me}
            </ToggleButton>
            <ToggleButton id="my-work-who-everyone" value="everyone" variant="outline-dark" size="sm">
              {MY_WORK.everyone}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </div>
      <p className="text-body-secondary">{MY_WORK.lead}</p>
      {me.data && <MyWorkList who={who} />}
    </>
  );
}
