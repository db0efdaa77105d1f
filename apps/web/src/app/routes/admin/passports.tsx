import { PASSPORT_CUSTODY as T } from '@visa/shared/custody-texts';
import { HeldPassports } from '../../../features/passport-custody/components/held-passports';

export function meta() {
  return [{ title: `${T.heldPage} | Canada Visa Desk` }];
}

/** The passports the office holds now (ADR 0082), for staff of any role. */
export default function HeldPassportsPage() {
  return (
    <>
      <h1 className="h3 mb-3">{T.heldPage}</h1>
      <HeldPassports />
    </>
  );
}
