import { Suspense, lazy } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { paths } from '../../../config/paths';
import { useApplication } from '../../../features/applications/api/get-application';
import { ApplicantFileView } from '../../../features/applications/components/applicant-file-view';
import { useMe } from '../../../features/auth/api/get-me';

/** "Erase now" (ADR 0052): super-admins' alone, so loaded only for them. */
const EraseApplicant = lazy(() =>
  import('../../../features/retention/components/erase-applicant').then((m) => ({ default: m.EraseApplicant })),
);

/** The file's privacy panel (consent, withdrawing it, the applicant's data), loaded after the file itself. */
const PrivacyConsentPanel = lazy(() =>
  import('../../../features/privacy/components/privacy-consent-panel').then((module) => ({ default: module.PrivacyConsentPanel })),
);

/** Where the passport is and its handovers (ADR 0082), loaded after the file itself. */
const PassportPanel = lazy(() =>
  import('../../../features/passport-custody/components/passport-panel').then((module) => ({ default: module.PassportPanel })),
);
/** The case (stages, IRCC letters, timeline; ADR 0077): below the copy, so loaded after it. */
const CasePanel = lazy(() => import('../../../features/case-work/components/case-panel').then((m) => ({ default: m.CasePanel })));
/** Money on the file (ADR 0084): below the case, so loaded after it. */
const MoneyPanel = lazy(() => import('../../../features/money/components/money-panel').then((m) => ({ default: m.MoneyPanel })));

export function meta() {
  return [{ title: 'Applicants Copy | Canada Visa Desk' }];
}

/** Navigation state may carry the application itself (as the earlier app did) or `{ application }`. */
function applicationFromState(state: unknown): Application | null {
  const candidate = state && typeof state === 'object' && 'application' in state ? (state as { application: unknown }).application : state;
  const parsed = ApplicationSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** Just an id in state is enough to load the rest. */
function idFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const record = state as { _id?: unknown; id?: unknown; application?: { _id?: unknown } };
  const id = record._id ?? record.id ?? record.application?._id;
  return typeof id === 'string' ? id : null;
}

/**
 * The applicant file, opened with the application in navigation state or by the id in the path
 * (docs/product.md#staff-pages). Without either it goes back to the list.
 */
export default function Page() {
  const { id: idParam } = useParams();
  const { state } = useLocation();
  const fromState = applicationFromState(state);
  const id = idParam ?? fromState?._id ?? idFromState(state);
  const me = useMe();
  // The file's own query (the view's): the Money panel offers the fees of its visa type.
  const visaType = useApplication(id ?? null, fromState).data?.visaType;
  if (!id) return <Navigate to={paths.applicationList} replace />;
  return (
    <>
      <ApplicantFileView
        key={id}
        id={id}
        initialApplication={fromState}
        casePanel={
          me.data && (
            <>
              <Suspense fallback={null}>
                <CasePanel applicationId={id} meId={me.data._id} mayAssign={me.data.role === 'superadmin'} />
              </Suspense>
              <Suspense fallback={null}>
                <MoneyPanel applicationId={id} visaType={visaType} superAdmin={me.data.role === 'superadmin'} />
              </Suspense>
            </>
          )
        }
      />
      {me.data?.role === 'superadmin' && (
        <Suspense fallback={null}>
          <EraseApplicant key={id} id={id} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <PassportPanel key={`passport-${id}`} applicationId={id} />
      </Suspense>
      <Suspense fallback={null}>
        <PrivacyConsentPanel key={`consent-${id}`} applicationId={id} />
      </Suspense>
    </>
  );
}
