import { APPLICATION_STATUSES } from '@visa/shared/constants';
import { StatusBadge } from '../../../components/status-badge';
import { useStatusCheckTexts } from '../locales';

/** Plain words for each status and what to do next (docs/product.md#status-check). */
export function StatusGuide({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const em = useStatusCheckTexts();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="status-guide" aria-labelledby="status-guide-title">
      <Heading id="status-guide-title" className="h4">
        {em.status.heading}
      </Heading>
      <dl className="mb-0">
        {APPLICATION_STATUSES.map((status) => (
          <div key={status} className="status-guide-item">
            <dt>
              <StatusBadge status={status} label={em.status[status].label} className="status-badge" />
            </dt>
            <dd>
              <p className="mb-1">{em.status[status].meaning}</p>
              <p className="mb-0 text-body-secondary">{em.status[status].next}</p>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
