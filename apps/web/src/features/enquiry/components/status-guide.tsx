import { APPLICATION_STATUSES } from '@visa/shared/constants';
import { useEnquiryMessages } from '../locales';
import { StatusBadge } from './status-badge';

/** Plain words for each status and what to do next (issue 6, item 6). */
export function StatusGuide({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const em = useEnquiryMessages();
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
              <StatusBadge status={status} />
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
